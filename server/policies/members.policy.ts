import { adminOnly, rule } from './policy';

/** A member's profile as the privacy rules read it (decision 3). */
export type ProfileSubject = { id: string; privacyLevel: 'private' | 'selective' | 'public' };

/** Members' profiles and the administrators' tools over members. */
export const memberPolicies = {
  /** A private profile is seen by its member and administrators only (decision 3). */
  'profile.view': rule<ProfileSubject>({
    allow: (actor, profile) =>
      profile.privacyLevel !== 'private' || actor.isAdmin || actor.user.id === profile.id,
    message: 'This profile is private',
  }),
  /** The credentials viewer, password resets and the rest of /api/admin. */
  'members.manage': adminOnly('Forbidden'),
  /** The moderation audit (decision 53). */
  'audit.read': adminOnly('Only administrators can read the moderation log'),
};
