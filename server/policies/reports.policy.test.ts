import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { authorize, can, refusalOf } from './index';

const member = { user: { id: 'm1' }, isAdmin: false };
const admin = { user: { id: 'a1' }, isAdmin: true };

function refusal(fn: () => void): { status: number; message: string } | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.statusCode, message: err.message };
  }
}

describe('reports and blocks (decision 55)', () => {
  it('report.make: anyone else or their message, never oneself (400)', () => {
    expect(can(member, 'report.make', { userId: 'm2' })).toBe(true);
    expect(can(member, 'report.make', { userId: 'a1' })).toBe(true);
    expect(refusal(() => authorize(member, 'report.make', { userId: 'm1' }))).toEqual({
      status: 400,
      message: 'You cannot report yourself or your own message',
    });
  });

  it('reports.review: administrators only', () => {
    expect(can(admin, 'reports.review')).toBe(true);
    expect(refusal(() => authorize(member, 'reports.review'))).toEqual({
      status: 403,
      message: refusalOf('reports.review'),
    });
  });

  it('member.block: not oneself (400); member.block-coach: never a coach (403)', () => {
    expect(can(member, 'member.block', { id: 'm2', isAdmin: false })).toBe(true);
    expect(refusal(() => authorize(member, 'member.block', { id: 'm1', isAdmin: false }))?.status).toBe(400);
    expect(can(member, 'member.block-coach', { id: 'm2', isAdmin: false })).toBe(true);
    expect(refusal(() => authorize(member, 'member.block-coach', { id: 'a1', isAdmin: true }))).toEqual({
      status: 403,
      message: 'A coach cannot be blocked: their moderation reaches everyone',
    });
  });

  it('profile.view-blocked: refused as a private profile is; administrators always see', () => {
    expect(can(member, 'profile.view-blocked', { blocksViewer: false })).toBe(true);
    expect(can(admin, 'profile.view-blocked', { blocksViewer: true })).toBe(true);
    expect(refusal(() => authorize(member, 'profile.view-blocked', { blocksViewer: true }))).toEqual({
      status: 403,
      message: refusalOf('profile.view'),
    });
  });
});
