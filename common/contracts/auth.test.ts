import { describe, expect, it } from 'vitest';
import { charLength, loginBody, profileUpdateBody, registerBody } from './auth';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('registration rules', () => {
  it('trims and lower-cases the e-mail before checking it', () => {
    const r = registerBody.parse({ username: 'x', email: '  Zelda.QB@X.COM ', password: 'secret1' });
    expect(r.email).toBe('zelda.qb@x.com');
  });

  it.each(['plainaddress', 'a@', '@x.com', 'a b@x.com', ''])('refuses the e-mail %j', (email) => {
    expect(firstError(registerBody.safeParse({ email, password: 'secret1' }))).toMatch(/email/);
  });

  it('wants 6 to 256 characters of password, counted as characters', () => {
    expect(firstError(registerBody.safeParse({ email: 'a@b.co', password: '12345' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(registerBody.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
    expect(registerBody.safeParse({ email: 'a@b.co', password: 'x'.repeat(256) }).success).toBe(true);
    expect(firstError(registerBody.safeParse({ email: 'a@b.co', password: 'x'.repeat(257) }))).toBe(
      'Password must be at most 256 characters',
    );
    // Six emoji are six characters, though twelve UTF-16 units.
    expect(charLength('🏀🏀🏀🏀🏀🏀')).toBe(6);
    expect(registerBody.safeParse({ email: 'a@b.co', password: '🏀🏀🏀🏀🏀' }).success).toBe(false);
  });

  it('tells a missing field from a wrongly typed one', () => {
    expect(firstError(registerBody.safeParse({ password: 'secret1' }))).toBe('email is required');
    expect(firstError(registerBody.safeParse({ email: 5, password: 'secret1' }))).toBe(
      'email must be a string',
    );
    expect(firstError(loginBody.safeParse({ username: 'a' }))).toBe('password is required');
    expect(firstError(loginBody.safeParse({ username: '  ', password: 'x' }))).toBe('username is required');
  });
});

describe('profile update rules', () => {
  it('turns empty text into null and keeps absent fields absent', () => {
    const r = profileUpdateBody.parse({ school: '   ', hometown: ' Philly ' });
    expect(r).toEqual({ school: null, hometown: 'Philly' });
  });

  it('drops fields a member may not set', () => {
    const r = profileUpdateBody.parse({ isAdmin: true, email: 'x@y.z', goalOne: 'Win' });
    expect(r).toEqual({ goalOne: 'Win' });
  });

  it.each([
    [{ age: 1.5 }, /age/],
    [{ age: 131 }, /age/],
    [{ name: 'n'.repeat(101) }, /name/],
    [{ injuryHistory: 'n'.repeat(4001) }, /injuryHistory/],
    [{ privacyLevel: 'everyone' }, /privacyLevel/],
  ])('refuses %j', (input, message) => {
    expect(firstError(profileUpdateBody.safeParse(input))).toMatch(message);
  });
});
