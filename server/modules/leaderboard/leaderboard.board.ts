import {
  LEADERBOARD_PERIODS,
  LEADERBOARD_SIZE,
  POINTS,
  ranksOf,
  streakFromRun,
  type LeaderboardPeriod,
} from '../../../common/contracts/leaderboard-values';
import type { LeaderboardMe, LeaderboardRow } from '../../../common/contracts/leaderboard';
import type { BoardMember, BoardRun, BoardWork } from '../../db/repositories/leaderboard.repository';

/** A listed member's place on one period's board. */
export type Entry = { member: BoardMember; points: number; streak: number; rank: number };

/** One period's board: every listed member with points, best first, and the top rows' JSON. */
export type PeriodBoard = {
  period: LeaderboardPeriod;
  from: number | null;
  resetsAt: number | null;
  /** Listed members with points, by points then username; ranks shared by ties. */
  entries: Entry[];
  /** Index in `entries` by member id. */
  indexOf: Map<string, number>;
  /** The answer's JSON without `me`: `{"period":…,"rows":[…]` (no closing brace). */
  head: string;
};

/** Every period's board, made at once from one read of the tables (decision 83). */
export type Boards = {
  timeZone: string;
  boards: Record<LeaderboardPeriod, PeriodBoard>;
  /** Points per period (week, month, all) of every rankable member, listed or private. */
  points: Map<string, [number, number, number]>;
  /** Every member's streak, coaches and private members included (their profile shows it). */
  streaks: Map<string, number>;
  /** Rankable members by id. */
  members: Map<string, BoardMember>;
};

const PERIOD_INDEX: Record<LeaderboardPeriod, 0 | 1 | 2> = { week: 0, month: 1, all: 2 };

/** A member's points in each period from their work. */
export function pointsOfWork(w: BoardWork): [number, number, number] {
  const at = (i: 0 | 1 | 2) =>
    w.lessons[i] * POINTS.lesson + w.attempts[i] * POINTS.attempt + w.replied[i] * POINTS.replied;
  return [at(0), at(1), at(2)];
}

/** The rows a viewer sees: `entries` without the members `hide`, ranked again among those left. */
export function visibleEntries(entries: readonly Entry[], hide: ReadonlySet<string>): Entry[] {
  if (hide.size === 0) return entries as Entry[];
  const kept = entries.filter((e) => !hide.has(e.member.id));
  const ranks = ranksOf(kept.map((e) => e.points));
  return kept.map((e, i) => ({ ...e, rank: ranks[i]! }));
}

export function presentRow(e: Entry): LeaderboardRow {
  return {
    rank: e.rank,
    name: e.member.name,
    username: e.member.username,
    profilePicture: e.member.profilePicture,
    points: e.points,
    streak: e.streak,
  };
}

/** How many of `entries` (best first) have more than `points`: binary search. */
function ahead(entries: readonly Entry[], points: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid]!.points > points) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The viewer's own standing on `entries` (the board they see): their rank when listed, the rank their
 * points would hold when private, none without points; null for a coach or anyone not rankable.
 */
export function standingOf(
  b: Boards,
  period: LeaderboardPeriod,
  viewer: { id: string; isAdmin: boolean; private: boolean },
  entries: readonly Entry[],
  indexOf?: ReadonlyMap<string, number>,
): LeaderboardMe | null {
  if (viewer.isAdmin) return null;
  const viewerId = viewer.id;
  const member = b.members.get(viewerId);
  // Joined since the board was made, with nothing done yet (a post would have made it again).
  if (!member) return { rank: null, points: 0, streak: 0, listed: !viewer.private };
  const points = b.points.get(viewerId)?.[PERIOD_INDEX[period]] ?? 0;
  const streak = b.streaks.get(viewerId) ?? 0;
  const listed = !member.private;
  if (points === 0) return { rank: null, points, streak, listed };
  if (listed) {
    const k = indexOf ? indexOf.get(viewerId) : entries.findIndex((e) => e.member.id === viewerId);
    const own = k === undefined || k < 0 ? undefined : entries[k];
    if (own) return { rank: own.rank, points, streak, listed };
  }
  return { rank: ahead(entries, points) + 1, points, streak, listed };
}

/** The answer's JSON without `me`, for `entries`. */
export function headJson(
  b: { timeZone: string },
  board: Omit<PeriodBoard, 'head' | 'entries' | 'indexOf'>,
  entries: readonly Entry[],
): string {
  const json = JSON.stringify({
    period: board.period,
    timeZone: b.timeZone,
    from: board.from === null ? null : new Date(board.from).toISOString(),
    resetsAt: board.resetsAt === null ? null : new Date(board.resetsAt).toISOString(),
    rows: entries.slice(0, LEADERBOARD_SIZE).map(presentRow),
  });
  return json.slice(0, -1);
}

/** What the boards are ranked from: every rankable member, their points and every member's streak. */
export type BoardData = Omit<Boards, 'boards'> & {
  starts: Record<LeaderboardPeriod, { from: number | null; resetsAt: number | null }>;
};

/** The repository's rows for some members (all of them, or those a change named). */
export type BoardRows = {
  members: readonly BoardMember[];
  work: readonly BoardWork[];
  runs: readonly BoardRun[];
};

/**
 * Puts `rows` into `data` (`currentWeek`: this week's number in the runs' numbering): for `only` (the members a change named) their old entries go first, so a
 * member no longer rankable, or without work, is left out. In place; returns `data`.
 */
export function mergeRows(
  data: BoardData,
  rows: BoardRows & { currentWeek: number },
  only?: readonly string[],
): BoardData {
  for (const id of only ?? []) {
    data.members.delete(id);
    data.points.delete(id);
    data.streaks.delete(id);
  }
  for (const m of rows.members) data.members.set(m.id, m);
  for (const run of rows.runs) {
    const s = streakFromRun(run, rows.currentWeek);
    if (s > 0) data.streaks.set(run.userId, s);
  }
  for (const w of rows.work) if (data.members.has(w.userId)) data.points.set(w.userId, pointsOfWork(w));
  return data;
}

/** Every period's board from `data`: listed members with points, best first, ties sharing a rank. */
export function rankBoards(data: BoardData): Boards {
  const { timeZone, members, points, streaks } = data;
  const b: Boards = { timeZone, boards: {} as Boards['boards'], points, streaks, members };
  // Listed members in username order once: each period's stable sort by points keeps it among ties,
  // and compares numbers only (most points are multiples of 5, so ties are many).
  const byName: Array<{ member: BoardMember; p: [number, number, number]; streak: number }> = [];
  for (const [id, p] of points) {
    const member = members.get(id);
    if (member && !member.private) byName.push({ member, p, streak: streaks.get(id) ?? 0 });
  }
  byName.sort((x, y) => (x.member.username < y.member.username ? -1 : 1));
  for (const period of LEADERBOARD_PERIODS) {
    const i = PERIOD_INDEX[period];
    const entries: Entry[] = [];
    for (const x of byName) {
      if (x.p[i] > 0) entries.push({ member: x.member, points: x.p[i], streak: x.streak, rank: 0 });
    }
    entries.sort((x, y) => y.points - x.points);
    const indexOf = new Map<string, number>();
    for (let k = 0; k < entries.length; k++) {
      const e = entries[k]!;
      e.rank = k > 0 && e.points === entries[k - 1]!.points ? entries[k - 1]!.rank : k + 1;
      indexOf.set(e.member.id, k);
    }
    const board = { period, ...data.starts[period] };
    b.boards[period] = { ...board, entries, indexOf, head: headJson(b, board, entries) };
  }
  return b;
}
