import { describe, expect, it } from 'vitest';
import { returnPathFromState, safeReturnPath, signInReturnState } from './sign-in-return';

describe('safeReturnPath', () => {
  it('keeps a path of the app, with its query and fragment', () => {
    const lesson = '/think-tanks/intellectual/understanding-self/systems-theory';
    expect(safeReturnPath(lesson)).toBe(lesson);
    expect(safeReturnPath(`${lesson}?t=12#discussion`)).toBe(`${lesson}?t=12#discussion`);
    expect(safeReturnPath('/member/zelda%20q')).toBe('/member/zelda%20q');
    expect(safeReturnPath('/settings')).toBe('/settings');
    // Escaped characters stay in the path: still a page of this origin.
    expect(safeReturnPath('/%2F%2Fevil.example.com')).toBe('/%2F%2Fevil.example.com');
  });

  it('refuses anything that could leave the app', () => {
    for (const raw of [
      '//evil.example.com',
      '//evil.example.com/think-tanks',
      '/\\evil.example.com',
      '\\\\evil.example.com',
      '/\t/evil.example.com',
      '/ /evil.example.com',
      'https://evil.example.com/think-tanks',
      'https:evil.example.com',
      'http:/evil.example.com',
      'javascript:alert(1)',
      'data:text/html,x',
      'think-tanks/physiological',
      '',
      ' /settings',
      '/settings\n',
      '/' + 'a'.repeat(3000),
    ]) {
      expect(safeReturnPath(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('refuses home, the API and what is not a string', () => {
    for (const raw of ['/', '/?x=1', '/api/auth/me', '/api', null, undefined, 42, { path: '/settings' }]) {
      expect(safeReturnPath(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnPath('/a/../../settings')).toBe('/settings');
    expect(safeReturnPath('/./settings')).toBe('/settings');
  });
});

describe('the home entry’s state', () => {
  it('carries a safe path there and back', () => {
    const state = signInReturnState('/think-tanks/spiritual?x=1');
    expect(returnPathFromState(state)).toBe('/think-tanks/spiritual?x=1');
  });

  it('carries nothing for an unsafe path, and reads nothing unsafe back', () => {
    expect(signInReturnState('//evil.example.com')).toBeNull();
    expect(returnPathFromState({ signInReturnTo: 'https://evil.example.com' })).toBeNull();
    expect(returnPathFromState({ signInReturnTo: '//evil.example.com' })).toBeNull();
    expect(returnPathFromState(null)).toBeNull();
    expect(returnPathFromState('/settings')).toBeNull();
  });
});
