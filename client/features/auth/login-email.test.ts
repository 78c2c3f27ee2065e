import { describe, expect, it } from 'vitest';
import { emailFromLoginField } from './login-email';

describe('emailFromLoginField', () => {
  it('takes an address typed as the username, trimmed', () => {
    expect(emailFromLoginField(' zelda@example.com ')).toBe('zelda@example.com');
    expect(emailFromLoginField('Zelda@Example.com')).toBe('Zelda@Example.com');
  });

  it('leaves the field empty for a handle or nothing', () => {
    expect(emailFromLoginField('zelda')).toBe('');
    expect(emailFromLoginField('   ')).toBe('');
    expect(emailFromLoginField('')).toBe('');
  });
});
