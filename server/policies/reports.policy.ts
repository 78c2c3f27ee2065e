import { adminOnly, rule } from './policy';

/** A member (or a message's author) as the report and block rules read them. */
export type MemberSubject = { id: string; isAdmin: boolean };

/**
 * Members' reports and blocks (decision 55). A member reports others' messages and others, never
 * themselves; blocks others but not a coach (a coach's moderation stays visible to everyone); a
 * member's profile is closed to the members they block, with the private profile's refusal, so a
 * block is never told to the blocked.
 */
export const reportPolicies = {
  'report.make': rule<{ userId: string }>({
    allow: (actor, subject) => subject.userId !== actor.user.id,
    message: 'You cannot report yourself or your own message',
    code: 'bad_request',
  }),
  'reports.review': adminOnly('Only administrators can review reports'),
  'member.block': rule<MemberSubject>({
    allow: (actor, subject) => subject.id !== actor.user.id,
    message: 'You cannot block yourself',
    code: 'bad_request',
  }),
  'member.block-coach': rule<MemberSubject>({
    allow: (_actor, subject) => !subject.isAdmin,
    message: 'A coach cannot be blocked: their moderation reaches everyone',
  }),
  /** The owner blocks the viewer: the same sentence as a private profile (decision 3). */
  'profile.view-blocked': rule<{ blocksViewer: boolean }>({
    allow: (actor, subject) => actor.isAdmin || !subject.blocksViewer,
    message: 'This profile is private',
  }),
};
