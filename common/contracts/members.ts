import { z } from 'zod';
import { MEMBER_SEARCH_MAX_CHARS, MEMBER_SEARCH_MIN_CHARS, PRIVACY_LEVELS } from '../constants';
import { text } from './fields';

/** GET /api/members?search= : one result (SPEC §3 member search result); never an e-mail. */
export const memberSearchResult = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type MemberSearchResult = z.infer<typeof memberSearchResult>;
export const memberSearchResponse = z.array(memberSearchResult);

export const memberSearchQuery = z.object({
  search: text('search')
    .trim()
    .min(MEMBER_SEARCH_MIN_CHARS, { error: `search must be at least ${MEMBER_SEARCH_MIN_CHARS} characters` })
    .max(MEMBER_SEARCH_MAX_CHARS, { error: `search must be at most ${MEMBER_SEARCH_MAX_CHARS} characters` }),
});

/** The path of GET /api/members/username/{username}. */
export const memberUsernameParams = z.object({
  username: text('username').max(320, { error: 'username must be at most 320 characters' }),
});

/**
 * GET /api/members/username/{username}: another member's profile as the viewer may see it
 * (docs/decisions.md decision 3). A field the viewer may not see is absent, not null.
 */
export const memberProfile = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  isAdmin: z.boolean(),
  privacyLevel: z.enum(PRIVACY_LEVELS),
  createdAt: z.string(),
  // selective and public
  school: z.string().nullable().optional(),
  hometown: z.string().nullable().optional(),
  background: z.string().nullable().optional(),
  goalOne: z.string().nullable().optional(),
  goalTwo: z.string().nullable().optional(),
  goalThree: z.string().nullable().optional(),
  // public only
  age: z.number().int().nullable().optional(),
  height: z.string().nullable().optional(),
  weight: z.string().nullable().optional(),
  injuryHistory: z.string().nullable().optional(),
  /** Weeks in a row with an attempt (decision 83); with the profile wherever it may be seen. */
  streak: z.number().int().optional(),
  // the member themself and admins only
  email: z.string().optional(),
  paymentStatus: z.string().optional(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

export const profilePictureResponse = z.object({ profilePictureUrl: z.string() });
export type ProfilePictureResponse = z.infer<typeof profilePictureResponse>;
