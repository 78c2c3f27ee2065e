import { describe, expect, it } from 'vitest';
import { credentialsText } from './credentials-text';

describe('credentialsText', () => {
  it('copies who the member is, in the usual address form', () => {
    expect(credentialsText({ name: 'Zelda Quinn', email: 'zelda.qb@example.com' })).toBe(
      'Zelda Quinn <zelda.qb@example.com>',
    );
  });
});
