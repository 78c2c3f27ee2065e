import { z } from 'zod';
import { LEADERBOARD_PERIODS } from './leaderboard-values';

export * from './leaderboard-values';

/** GET /api/leaderboard?period=week|month|all (decision 83). */
export const leaderboardQuery = z.object({
  period: z.enum(LEADERBOARD_PERIODS, { error: 'period must be one of week, month, all' }).default('week'),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuery>;

/** A row of the board: a listed member, as other member lists show them (small picture, no e-mail). */
export const leaderboardRow = z.object({
  /** Ties share a rank (1, 2, 2, 4). */
  rank: z.number().int(),
  name: z.string(),
  username: z.string(),
  profilePicture: z.string().nullable(),
  points: z.number().int(),
  /** Weeks in a row with an attempt, this one included once it has one. */
  streak: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRow>;

/** The viewer's own standing; null for a coach, who is not on the board. */
export const leaderboardMe = z.object({
  /** Null until the member has points in the period. */
  rank: z.number().int().nullable(),
  points: z.number().int(),
  streak: z.number().int(),
  /**
   * False for a private member: never listed, they see the rank their points would hold among those
   * listed (decision 83).
   */
  listed: z.boolean(),
});
export type LeaderboardMe = z.infer<typeof leaderboardMe>;

export const leaderboardResponse = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  /** The community's time zone, in which the week starts on Monday 00:00 and the month on the 1st. */
  timeZone: z.string(),
  /** When the period began, and when it resets (null for all time). */
  from: z.string().nullable(),
  resetsAt: z.string().nullable(),
  /** The top 20 members with points in the period. */
  rows: z.array(leaderboardRow),
  me: leaderboardMe.nullable(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;
