import { describe, expect, it } from 'vitest';
import { POINTS } from '../../../common/contracts/leaderboard-values';
import { mergeRows, rankBoards, standingOf, visibleEntries, type BoardData } from './leaderboard.board';

const member = (id: string, isPrivate = false) => ({
  id,
  name: `Name ${id}`,
  username: id,
  profilePicture: null,
  private: isPrivate,
});
const work = (userId: string, attempts: number, lessons = 0) => ({
  userId,
  lessons: [lessons, lessons, lessons] as [number, number, number],
  attempts: [attempts, attempts, attempts] as [number, number, number],
  replied: [0, 0, 0] as [number, number, number],
});
const empty = (): BoardData => ({
  timeZone: 'Europe/Paris',
  members: new Map(),
  points: new Map(),
  streaks: new Map(),
  starts: {
    week: { from: 0, resetsAt: 1 },
    month: { from: 0, resetsAt: 1 },
    all: { from: null, resetsAt: null },
  },
});
const viewer = (id: string, isPrivate = false) => ({ id, isAdmin: false, private: isPrivate });

function sample() {
  return mergeRows(empty(), {
    members: [member('ann'), member('bob'), member('cat'), member('dan', true), member('eve')],
    work: [
      work('ann', 3),
      work('bob', 1, 1),
      work('cat', 3),
      work('dan', 4),
      work('eve', 0),
      work('coach', 9),
    ],
    runs: [
      { userId: 'ann', last: 10, length: 3 },
      { userId: 'bob', last: 9, length: 2 },
      { userId: 'cat', last: 7, length: 4 },
    ],
    currentWeek: 10,
  });
}

describe('the boards', () => {
  it('list members with points, best first, ties sharing a rank in username order; never a private one', () => {
    const b = rankBoards(sample());
    const rows = b.boards.week.entries.map((e) => [e.member.username, e.points, e.rank, e.streak]);
    expect(rows).toEqual([
      ['ann', 3 * POINTS.attempt, 1, 3],
      ['bob', POINTS.attempt + POINTS.lesson, 1, 2],
      ['cat', 3 * POINTS.attempt, 1, 0],
    ]);
    expect(JSON.parse(`${b.boards.week.head}}`)).toMatchObject({ period: 'week', timeZone: 'Europe/Paris' });
  });

  it('give a private member the rank their points hold, and nobody else’s place', () => {
    const b = rankBoards(sample());
    const week = b.boards.week;
    expect(standingOf(b, 'week', viewer('dan', true), week.entries, week.indexOf)).toEqual({
      rank: 1,
      points: 4 * POINTS.attempt,
      streak: 0,
      listed: false,
    });
    expect(standingOf(b, 'week', viewer('eve'), week.entries, week.indexOf)).toEqual({
      rank: null,
      points: 0,
      streak: 0,
      listed: true,
    });
    expect(standingOf(b, 'week', { id: 'coach', isAdmin: true, private: false }, week.entries)).toBeNull();
  });

  it('rank again what a viewer sees without the members hidden from them', () => {
    const b = rankBoards(sample());
    const seen = visibleEntries(b.boards.week.entries, new Set(['ann']));
    expect(seen.map((e) => [e.member.username, e.rank])).toEqual([
      ['bob', 1],
      ['cat', 1],
    ]);
    expect(standingOf(b, 'week', viewer('bob'), seen)?.rank).toBe(1);
  });

  it('take a member’s new rows in place of their old ones', () => {
    const data = sample();
    mergeRows(data, { members: [member('cat')], work: [work('cat', 1)], runs: [], currentWeek: 10 }, [
      'cat',
      'bob',
    ]);
    const b = rankBoards(data);
    // bob was named and nothing came back for him: no longer rankable.
    expect(b.boards.all.entries.map((e) => [e.member.username, e.points])).toEqual([
      ['ann', 3 * POINTS.attempt],
      ['cat', POINTS.attempt],
    ]);
    expect(b.streaks.has('cat')).toBe(false);
  });
});
