import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberPageUsername as shared } from '@common/member-page-path';
import {
  fetchMemberProfileEarly,
  memberPageUsername,
  memberProfileUrl,
  takeEarlyMemberProfile,
} from './early-member-profile';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch() {
  const fetchMock = vi.fn(async () => Response.json({ username: 'zoe' }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('memberPageUsername', () => {
  it('reads the decoded username of a member page', () => {
    expect(memberPageUsername('/member/zoe')).toBe('zoe');
    expect(memberPageUsername('/member/zoe/')).toBe('zoe');
    expect(memberPageUsername('/member/a%20b')).toBe('a b');
  });

  it('is null on any other page, and for a path that does not decode', () => {
    expect(memberPageUsername('/profile')).toBeNull();
    expect(memberPageUsername('/member/')).toBeNull();
    expect(memberPageUsername('/member/zoe/extra')).toBeNull();
    expect(memberPageUsername('/member/%E0')).toBeNull();
  });

  it('agrees with common/member-page-path.ts, which the entry may not import', () => {
    for (const path of [
      '/member/zoe',
      '/member/zoe/',
      '/member/a%20b',
      '/member/%E0',
      '/member/',
      '/members/zoe',
      '/member/a/b',
      '/profile',
      '/member//',
    ]) {
      expect(memberPageUsername(path)).toBe(shared(path));
    }
  });
});

describe('fetchMemberProfileEarly', () => {
  it("asks the member's profile once, for the query of that profile only", async () => {
    const fetchMock = stubFetch();
    fetchMemberProfileEarly('/member/a%20b');
    expect(fetchMock).toHaveBeenCalledWith('/api/members/username/a%20b', { credentials: 'include' });
    expect(takeEarlyMemberProfile(memberProfileUrl('zoe'))).toBeUndefined();
    const early = takeEarlyMemberProfile(memberProfileUrl('a b'));
    expect(early).toBeDefined();
    expect(((await early!.then((r) => r.json())) as { username: string }).username).toBe('zoe');
    // Once: a later query asks the server again.
    expect(takeEarlyMemberProfile(memberProfileUrl('a b'))).toBeUndefined();
  });

  it('asks nothing on another page', () => {
    const fetchMock = stubFetch();
    fetchMemberProfileEarly('/profile');
    fetchMemberProfileEarly('/think-tanks/physiological');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyMemberProfile(memberProfileUrl('profile'))).toBeUndefined();
  });
});
