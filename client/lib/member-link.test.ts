import { describe, expect, it } from 'vitest';
import { memberHref } from './member-link';

describe('memberHref', () => {
  it('links to the member page, the username encoded', () => {
    expect(memberHref('zelda')).toBe('/member/zelda');
    expect(memberHref('a b/c')).toBe('/member/a%20b%2Fc');
  });

  it('gives no link for a deleted member (empty username)', () => {
    expect(memberHref('')).toBeNull();
  });
});
