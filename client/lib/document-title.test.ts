import { describe, expect, it } from 'vitest';
import { pageTitle } from './document-title';

describe('pageTitle', () => {
  it('puts the most specific part first and the product last', () => {
    expect(pageTitle('203 · Systems Theory', 'Intellectual')).toBe(
      '203 · Systems Theory · Intellectual · Tribe36',
    );
    expect(pageTitle('Alice Runner')).toBe('Alice Runner · Tribe36');
  });

  it('is the product alone for the home page, and skips empty parts', () => {
    expect(pageTitle()).toBe('Tribe36');
    expect(pageTitle(null, '  ', undefined, 'Spiritual')).toBe('Spiritual · Tribe36');
  });
});
