import { describe, expect, it } from 'vitest';
import { linkTokenFrom } from './link-token';

describe('linkTokenFrom', () => {
  const token = 'Ab-_0123456789abcdefghijklmnopqrstuvwxyzABC';

  it('reads the token from the fragment, with or without its #', () => {
    expect(linkTokenFrom(`#token=${token}`)).toBe(token);
    expect(linkTokenFrom(`token=${token}`)).toBe(token);
    expect(linkTokenFrom(`#other=1&token=${token}`)).toBe(token);
  });

  it('is empty when the fragment has none', () => {
    expect(linkTokenFrom('')).toBe('');
    expect(linkTokenFrom('#')).toBe('');
    expect(linkTokenFrom('#tok=1')).toBe('');
  });
});
