import { describe, expect, it } from 'vitest';
import { PENDING_APPROVAL, REQUEST_DECLINED } from '../../common/contracts/community';
import {
  activeSuspension,
  admissionPolicies,
  membershipRefusal,
  type AdmissionSubject,
} from './admission.policy';

const admin = { user: { id: 'a' }, isAdmin: true };
const member = { user: { id: 'm' }, isAdmin: false };
const standing = (over: Partial<AdmissionSubject> = {}): AdmissionSubject => ({
  membership: 'active',
  suspendedAt: null,
  suspendedUntil: null,
  suspensionReason: null,
  ...over,
});

describe('admission policies (decision 54)', () => {
  it('lets only administrators manage admission', () => {
    expect(admissionPolicies['community.manage'].allow(admin)).toBe(true);
    expect(admissionPolicies['community.manage'].allow(member)).toBe(false);
  });

  it('lets a coach suspend a member, never themselves nor another coach', () => {
    const suspend = admissionPolicies['member.suspend'];
    expect(suspend.allow(admin, { id: 'm', isAdmin: false })).toBe(true);
    expect(suspend.allow(admin, { id: 'a', isAdmin: true })).toBe(false);
    expect(suspend.allow(admin, { id: 'b', isAdmin: true })).toBe(false);
    expect(suspend.allow(member, { id: 'x', isAdmin: false })).toBe(false);
  });

  it("hides a join request's profile from other members (404), not from them or administrators", () => {
    const view = admissionPolicies['profile.view-pending'];
    expect(view.allow(member, { id: 'p', membership: 'pending' })).toBe(false);
    expect(view.allow(member, { id: 'p', membership: 'declined' })).toBe(false);
    expect(view.allow(member, { id: 'p', membership: 'active' })).toBe(true);
    expect(view.allow(admin, { id: 'p', membership: 'pending' })).toBe(true);
    expect(view.allow({ user: { id: 'p' }, isAdmin: false }, { id: 'p', membership: 'pending' })).toBe(true);
    expect(view.code).toBe('not_found');
  });

  it('refuses pending and declined members, never an active one or an administrator', () => {
    expect(membershipRefusal(standing(), false)).toBeNull();
    expect(membershipRefusal(standing({ membership: 'pending' }), false)).toBe(PENDING_APPROVAL);
    expect(membershipRefusal(standing({ membership: 'declined' }), false)).toBe(REQUEST_DECLINED);
    expect(membershipRefusal(standing({ membership: 'pending' }), true)).toBeNull();
  });

  it('holds a suspension until its end date, or for good without one', () => {
    const at = new Date(1_000);
    expect(activeSuspension(standing(), 5_000)).toBeNull();
    expect(activeSuspension(standing({ suspendedAt: at, suspensionReason: 'spam' }), 5_000)).toEqual({
      reason: 'spam',
      until: null,
    });
    const until = new Date(10_000);
    const s = standing({ suspendedAt: at, suspendedUntil: until, suspensionReason: 'spam' });
    expect(activeSuspension(s, 9_999)).toEqual({ reason: 'spam', until });
    expect(activeSuspension(s, 10_000)).toBeNull();
  });
});
