import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { authorize, can, policies, refusalOf, type Verb } from './index';

const member = { user: { id: 'm1' }, isAdmin: false };
const other = { user: { id: 'm2' }, isAdmin: false };
const admin = { user: { id: 'a1' }, isAdmin: true };

/** The refusal `authorize` throws, or null when it lets the actor through. */
function refusal(fn: () => void): { status: number; message: string } | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.statusCode, message: err.message };
  }
}

describe('admin-only rules', () => {
  const adminOnly: Verb[] = [
    'lesson-video.upload',
    'lesson-captions.upload',
    'attempts.review',
    'discussion.clear',
    'members.manage',
    'audit.read',
  ];
  it.each(adminOnly)('%s: administrators may, members are refused with its one sentence', (verb) => {
    const check = verb as 'audit.read';
    expect(can(admin, check)).toBe(true);
    expect(can(member, check)).toBe(false);
    expect(refusal(() => authorize(admin, check))).toBeNull();
    expect(refusal(() => authorize(member, check))).toEqual({ status: 403, message: refusalOf(verb) });
  });

  it('each says what was refused, in its own words', () => {
    expect(refusalOf('lesson-video.upload')).toBe('Only administrators can upload videos.');
    expect(refusalOf('lesson-captions.upload')).toBe('Only administrators can upload captions.');
    expect(refusalOf('attempts.review')).toBe('Only administrators can review attempts.');
    expect(refusalOf('discussion.clear')).toBe('Only administrators can clear a discussion');
    expect(refusalOf('audit.read')).toBe('Only administrators can read the moderation log');
  });
});

describe('own content', () => {
  const mine = { userId: 'm1' };

  it('message.edit: the author only, not even an administrator', () => {
    expect(can(member, 'message.edit', mine)).toBe(true);
    expect(can(other, 'message.edit', mine)).toBe(false);
    expect(can(admin, 'message.edit', mine)).toBe(false);
    expect(refusal(() => authorize(other, 'message.edit', mine))).toEqual({
      status: 403,
      message: 'Only its author can edit a message',
    });
  });

  it('message.delete: the author or an administrator', () => {
    expect(can(member, 'message.delete', mine)).toBe(true);
    expect(can(admin, 'message.delete', mine)).toBe(true);
    expect(can(other, 'message.delete', mine)).toBe(false);
    expect(refusal(() => authorize(other, 'message.delete', mine))?.message).toBe(
      'Only its author or an administrator can delete a message',
    );
  });

  it('attempt.delete: the author or an administrator', () => {
    expect(can(member, 'attempt.delete', mine)).toBe(true);
    expect(can(admin, 'attempt.delete', mine)).toBe(true);
    expect(can(other, 'attempt.delete', mine)).toBe(false);
    expect(refusal(() => authorize(other, 'attempt.delete', mine))?.message).toBe(
      'Only its author or an administrator can delete an attempt',
    );
  });
});

describe('privacy (decision 3)', () => {
  const profile = (privacyLevel: 'private' | 'selective' | 'public') => ({ id: 'm1', privacyLevel });

  it('profile.view: public and selective profiles are open to members', () => {
    expect(can(other, 'profile.view', profile('public'))).toBe(true);
    expect(can(other, 'profile.view', profile('selective'))).toBe(true);
  });

  it('profile.view: a private profile only to its member and administrators', () => {
    expect(can(member, 'profile.view', profile('private'))).toBe(true);
    expect(can(admin, 'profile.view', profile('private'))).toBe(true);
    expect(can(other, 'profile.view', profile('private'))).toBe(false);
    expect(refusal(() => authorize(other, 'profile.view', profile('private')))).toEqual({
      status: 403,
      message: 'This profile is private',
    });
  });
});

it('every rule has a sentence to refuse with', () => {
  for (const [verb, r] of Object.entries(policies)) expect(r.message, verb).toMatch(/\S/);
});
