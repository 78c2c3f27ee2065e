import { describe, expect, it } from 'vitest';
import * as contracts from '@common/contracts/auth';
import {
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  validateRegistration,
} from './validate-registration';

describe('validateRegistration', () => {
  it('uses the spec texts, the same as the server contracts', () => {
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 6 characters');
    // The server gives the same text for a short password.
    const r = contracts.registerBody.safeParse({ email: 'a@b.co', password: '12345' });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(PASSWORD_TOO_SHORT);
  });

  it('checks the match before the length', () => {
    expect(validateRegistration({ password: 'abc', confirm: 'abd' })).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(validateRegistration({ password: 'abc', confirm: 'abc' })).toBe(PASSWORD_TOO_SHORT);
  });

  it('reports a mismatch even when both are long enough', () => {
    expect(validateRegistration({ password: 'secret1', confirm: 'secret2' })).toBe(PASSWORDS_DO_NOT_MATCH);
  });

  it('needs at least 6 characters', () => {
    expect(validateRegistration({ password: '', confirm: '' })).toBe(PASSWORD_TOO_SHORT);
    expect(validateRegistration({ password: '12345', confirm: '12345' })).toBe(PASSWORD_TOO_SHORT);
    expect(validateRegistration({ password: '123456', confirm: '123456' })).toBeNull();
  });

  it('counts characters as the server does (an emoji is one)', () => {
    expect(validateRegistration({ password: '🏈🏈🏈', confirm: '🏈🏈🏈' })).toBe(PASSWORD_TOO_SHORT);
    expect(validateRegistration({ password: '🏈🏈🏈🏈🏈🏈', confirm: '🏈🏈🏈🏈🏈🏈' })).toBeNull();
  });

  it('refuses what the server would refuse as too long, with its text', () => {
    const longest = 'x'.repeat(256);
    expect(validateRegistration({ password: longest, confirm: longest })).toBeNull();
    const tooLong = `${longest}x`;
    expect(validateRegistration({ password: tooLong, confirm: tooLong })).toBe(PASSWORD_TOO_LONG);
    const r = contracts.resetPasswordBody.safeParse({ token: 't', password: tooLong });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(PASSWORD_TOO_LONG);
  });
});
