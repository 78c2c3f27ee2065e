import { describe, expect, it } from 'vitest';
import { MEMBER_PAGES } from './member-pages';

describe('the pages prerendered for members', () => {
  it('are the five Think Tanks, the 8 topics, the 36 lessons and the own profile', () => {
    const paths = [...MEMBER_PAGES.keys()];
    expect(paths).toHaveLength(5 + 8 + 36 + 1);
    expect(paths).toContain('/think-tanks/physiological');
    expect(paths).toContain('/think-tanks/intellectual/understanding-self');
    expect(paths).toContain('/think-tanks/intellectual/understanding-self/systems-theory');
    expect(paths).toContain('/profile');
    expect(paths.filter((p) => !p.startsWith('/think-tanks/'))).toEqual(['/profile']);
  });

  it('give the profile a frame for a member whose e-mail is not confirmed', () => {
    expect(MEMBER_PAGES.get('/profile')?.variants).toEqual(['email-unconfirmed']);
    expect([...MEMBER_PAGES.values()].filter((kind) => kind.variants?.length)).toHaveLength(1);
  });
});
