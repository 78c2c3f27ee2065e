import {
  dayStart,
  dayStarts,
  monthStart,
  nextMonthStart,
  nextWeekStart,
  weekStart,
  weekStarts,
} from '../../../common/community-time';
import type { LeaderboardPeriod } from '../../../common/contracts/leaderboard-values';
import type { Database } from '../../db/client';
import type { LeaderboardRepository } from '../../db/repositories/leaderboard.repository';
import { preparedJson, type PreparedAnswer } from '../../lib/prepared-answer';
import type { Actor } from '../../storage/session-store';
import {
  headJson,
  mergeRows,
  rankBoards,
  standingOf,
  visibleEntries,
  type BoardData,
  type Boards,
} from './leaderboard.board';
import { createLeaderboardCache, type Kept } from './leaderboard.cache';

type Deps = {
  database: Database;
  repo: LeaderboardRepository;
  /** The community's time zone (decision 83). */
  timeZone: () => Promise<string>;
  adminEmails: ReadonlySet<string>;
  /** Whom a member blocks, and who blocks them (decision 55): each is left off the other's board. */
  blocks: {
    hidden(viewer: string): Promise<{ ids: ReadonlySet<string> } | undefined>;
    blockersOf(viewer: string): ReadonlySet<string>;
  };
  now: () => number;
  staleMs?: number;
  keepMs?: number;
};

/** The kept boards, what they were ranked from, and the answers made for each viewer who asked (bytes, once each). */
type Snapshot = Boards & Kept & { data: BoardData; calendar: Calendar; answers: Map<string, PreparedAnswer> };

/** Day starts (the attempts' daily cap), week starts (streaks), and this week's and month's start. */
type Calendar = { week: number; month: number; weeks: number[]; days: number[] };

/** Viewers whose answers are kept per snapshot; beyond it they are forgotten all at once. */
const ANSWERS_MAX = 40_000;
/** How far back weeks are counted for streaks and days for the attempts' daily cap, at most. */
const HISTORY_MS = 10 * 366 * 86_400_000;

/**
 * The leaderboard and streaks (issue 34 §3–4, decision 83): every period's board is worked out from the
 * tables at once and kept (leaderboard.cache.ts); a request reads the kept board and the viewer's own
 * standing from memory, and sends bytes made once per viewer and board.
 */
export function leaderboardService(deps: Deps) {
  const { repo, adminEmails, blocks, now } = deps;

  /** The days (for the attempts' daily cap) and weeks (for streaks) from `first` to `at`, in `zone`. */
  function calendar(first: number | null, at: number, zone: string): Calendar {
    const since = Math.max(first ?? at, at - HISTORY_MS);
    const week = weekStart(at, zone);
    const month = monthStart(at, zone);
    const weeks = weekStarts(Math.min(since, at), at, zone);
    const days = dayStarts(Math.min(since, month, week), at, zone);
    return { week, month, weeks, days };
  }

  /**
   * The whole board's calendar for an update at `at`, when it serves (the members' attempts start within
   * it, and today is its last day), else one of their own: a streak is this week's number less its run's,
   * in whatever numbering, so each update only needs one calendar for all it reads.
   */
  function calendarFor(kept: Snapshot, first: number | null, at: number): Calendar {
    const c = kept.calendar;
    const fits =
      (first === null || first >= (c.weeks[0] ?? Infinity)) && dayStart(at, kept.timeZone) === c.days.at(-1);
    return fits ? c : calendar(first, at, kept.timeZone);
  }

  /** Every member's rows, ranked: the whole board (a time zone changed, a period ended, or none kept). */
  async function compute(at: number): Promise<Snapshot> {
    const timeZone = await deps.timeZone();
    const firstAttemptAt = await repo.firstAttemptAt();
    const cal = calendar(firstAttemptAt, at, timeZone);
    const { week, month, weeks, days } = cal;
    const [members, work, runs, unsuspended] = await Promise.all([
      repo.members([...adminEmails], at),
      repo.work({ days, week, month }),
      repo.runs(weeks),
      repo.nextSuspensionEnd(at),
    ]);
    const resetWeek = nextWeekStart(at, timeZone);
    const resetMonth = nextMonthStart(at, timeZone);
    const data: BoardData = {
      timeZone,
      members: new Map(),
      points: new Map(),
      streaks: new Map(),
      starts: {
        week: { from: week, resetsAt: resetWeek },
        month: { from: month, resetsAt: resetMonth },
        all: { from: null, resetsAt: null },
      },
    };
    mergeRows(data, { members, work, runs, currentWeek: weeks.length });
    return {
      ...rankBoards(data),
      data,
      calendar: cal,
      computedAt: at,
      madeAt: at,
      // Until a period ends, or a member left out for a suspension is back on it.
      validUntil: Math.min(resetWeek, resetMonth, unsuspended ?? Infinity),
      answers: new Map(),
    };
  }

  /** The members a change named, read again by their indexes, and the boards ranked again. */
  async function update(kept: Snapshot, ids: readonly string[], at: number): Promise<Snapshot> {
    const { week, month, weeks, days } = calendarFor(kept, await repo.firstAttemptAt(ids), at);
    const [members, work, runs, unsuspended] = await Promise.all([
      repo.members([...adminEmails], at, ids),
      repo.work({ days, week, month }, ids),
      repo.runs(weeks, ids),
      repo.nextSuspensionEnd(at, ids),
    ]);
    const data = mergeRows(kept.data, { members, work, runs, currentWeek: weeks.length }, ids);
    const validUntil = Math.min(kept.validUntil, unsuspended ?? Infinity);
    return { ...kept, ...rankBoards(data), validUntil, answers: new Map() };
  }

  const cache = createLeaderboardCache<Snapshot>(deps.database, {
    compute,
    update,
    now,
    staleMs: deps.staleMs,
    keepMs: deps.keepMs,
  });

  /** Members the viewer blocks and members who block them: neither sees the other on the board. */
  async function hiddenFor(viewerId: string): Promise<ReadonlySet<string>> {
    const blocked = (await blocks.hidden(viewerId))?.ids;
    const blockers = blocks.blockersOf(viewerId);
    if (!blocked?.size) return blockers;
    if (blockers.size === 0) return blocked;
    return new Set([...blocked, ...blockers]);
  }

  return {
    start: () => cache.start(),
    stop: () => cache.stop(),

    /** GET /api/leaderboard: the period's top 20 and the viewer's own standing, as bytes. */
    async board(actor: Actor, period: LeaderboardPeriod): Promise<PreparedAnswer> {
      const snapshot = await cache.get();
      const viewerId = actor.user.id;
      const viewer = { id: viewerId, isAdmin: actor.isAdmin, private: actor.user.privacyLevel === 'private' };
      const board = snapshot.boards[period];
      const hide = await hiddenFor(viewerId);
      if (hide.size > 0) {
        // Rare (blocks are few): made for this viewer each time, ranks counted among what they see.
        const entries = visibleEntries(board.entries, hide);
        const me = standingOf(snapshot, period, viewer, entries);
        return preparedJson(`${headJson(snapshot, board, entries)},"me":${JSON.stringify(me)}}`);
      }
      const key = `${period} ${viewerId}`;
      let answer = snapshot.answers.get(key);
      if (!answer) {
        const me = standingOf(snapshot, period, viewer, board.entries, board.indexOf);
        answer = preparedJson(`${board.head},"me":${JSON.stringify(me)}}`);
        if (snapshot.answers.size >= ANSWERS_MAX) snapshot.answers.clear();
        snapshot.answers.set(key, answer);
      }
      return answer;
    },

    /** A member's streak (their profile's), from the kept board. */
    async streakOf(userId: string): Promise<number> {
      // The kept board as it is: a profile never waits for it to be brought up to date.
      return (await cache.peek()).streaks.get(userId) ?? 0;
    },
  };
}

export type LeaderboardService = ReturnType<typeof leaderboardService>;
