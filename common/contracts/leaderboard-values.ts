// The values of the leaderboard contract (./leaderboard) that hold no zod schema: the client imports them
// from here, so that no page builds the contract's schemas (docs/decisions.md decision 67).

/** The board's periods (decision 83): this week (from Monday 00:00), this month, and all time. */
export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** The rows of the board everyone sees. */
export const LEADERBOARD_SIZE = 20;

/**
 * Points (decision 83): the work, never likes or message counts. A coach's reply is worth the most, and
 * cannot be farmed: only a coach gives one.
 */
export const POINTS = {
  /** A lesson marked done, counted once, in the period it was first done. */
  lesson: 10,
  /** An attempt posted, at most ATTEMPTS_PER_DAY a community day; a deleted attempt loses them. */
  attempt: 5,
  /** An attempt a coach has replied to, in the period of the reply. */
  replied: 15,
} as const;

/** Attempts a day that earn points: a member posting ten in a row gets no more than for three. */
export const ATTEMPTS_PER_DAY = 3;

/** How points are earned, in one sentence (the board's page says it). */
export const POINTS_SENTENCE =
  `Earn ${POINTS.lesson} points for each lesson you finish, ${POINTS.attempt} for each attempt you post ` +
  `(up to ${ATTEMPTS_PER_DAY} a day) and ${POINTS.replied} more when a coach replies to one.`;

/** A member's points from what they did in a period (attempt counts per community day, before the cap). */
export function pointsOf(work: {
  lessons: number;
  attemptsPerDay: readonly number[];
  replied: number;
}): number {
  const attempts = work.attemptsPerDay.reduce((sum, n) => sum + Math.min(n, ATTEMPTS_PER_DAY), 0);
  return work.lessons * POINTS.lesson + attempts * POINTS.attempt + work.replied * POINTS.replied;
}

/**
 * A streak (decision 83): the weeks in a row, up to the current one, with at least one attempt (a drill
 * is completed by one). `weeks` are the week numbers with one (any order, repeats allowed), `current`
 * this week's number. The current week without one yet does not break it: the run may end last week.
 */
export function streakOf(weeks: Iterable<number>, current: number): number {
  const active = new Set(weeks);
  let week = active.has(current) ? current : current - 1;
  let streak = 0;
  while (active.has(week)) {
    streak += 1;
    week -= 1;
  }
  return streak;
}

/**
 * The same from the last run of consecutive active weeks (its newest week and length), as the board's
 * query finds it for every member at once.
 */
export function streakFromRun(run: { last: number; length: number } | undefined, current: number): number {
  if (!run || run.last > current || run.last < current - 1) return 0;
  return run.length;
}

/** Competition ranking: ties share a rank, the next rank skips (1, 2, 2, 4). `points` from highest. */
export function ranksOf(points: readonly number[]): number[] {
  const ranks: number[] = [];
  for (let i = 0; i < points.length; i++) {
    ranks.push(i > 0 && points[i] === points[i - 1] ? ranks[i - 1]! : i + 1);
  }
  return ranks;
}
