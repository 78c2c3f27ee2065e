import { describe, expect, it } from 'vitest';
import { CONFIRM_EMAIL_PATH, RESET_PASSWORD_PATH, linkTokenFromHash, mailedLink } from './mailed-links';

describe('mailed links', () => {
  it('puts the token in the fragment of the page, and reads it back', () => {
    const token = 'A'.repeat(43);
    const link = mailedLink('https://tribe36.example.com', RESET_PASSWORD_PATH, token);
    expect(link).toBe(`https://tribe36.example.com/reset-password#token=${token}`);
    const url = new URL(link);
    expect(url.pathname).toBe(RESET_PASSWORD_PATH);
    expect(linkTokenFromHash(url.hash)).toBe(token);
    expect(new URL(mailedLink('http://127.0.0.1:5000', CONFIRM_EMAIL_PATH, token)).pathname).toBe(
      '/confirm-email',
    );
  });
});
