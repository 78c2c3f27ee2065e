import { describe, expect, it } from 'vitest';
import { MEMBER_PAGES, memberPageOf } from './member-pages';

describe('the pages prerendered for members', () => {
  it("are the five Think Tanks, the 8 topics, the 36 lessons, the own profile and another member's frame", () => {
    const paths = [...MEMBER_PAGES.keys()];
    expect(paths).toHaveLength(5 + 8 + 36 + 1 + 1);
    expect(paths).toContain('/think-tanks/physiological');
    expect(paths).toContain('/think-tanks/intellectual/understanding-self');
    expect(paths).toContain('/think-tanks/intellectual/understanding-self/systems-theory');
    expect(paths).toContain('/profile');
    expect(paths.filter((p) => !p.startsWith('/think-tanks/'))).toEqual(['/profile', '/member/*']);
  });

  it("give the profile a frame for a member whose e-mail is not confirmed, another member's one for an admin", () => {
    expect(MEMBER_PAGES.get('/profile')?.variants).toEqual(['email-unconfirmed']);
    expect(MEMBER_PAGES.get('/member/*')?.variants).toEqual(['admin']);
    expect([...MEMBER_PAGES.values()].filter((kind) => kind.variants?.length)).toHaveLength(2);
  });

  it("draw another member's frame at every /member/<username>, and nowhere else", () => {
    const frame = MEMBER_PAGES.get('/member/*');
    expect(frame).toBeDefined();
    expect(memberPageOf('/member/sam')).toBe(frame);
    expect(memberPageOf('/member/a%20b')).toBe(frame);
    expect(memberPageOf('/profile')).toBe(MEMBER_PAGES.get('/profile'));
    for (const path of ['/member', '/member/', '/member/a/b', '/member/%E0%A4%A', '/settings']) {
      expect(memberPageOf(path)).toBeUndefined();
    }
  });
});
