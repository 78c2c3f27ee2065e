import { describe, expect, it } from 'vitest';
import { ATTEMPTS_PER_DAY, POINTS, pointsOf, ranksOf, streakFromRun, streakOf } from './leaderboard-values';

describe('points', () => {
  it('counts lessons, attempts and coach replies, a reply worth the most', () => {
    expect(POINTS.replied).toBeGreaterThan(POINTS.lesson);
    expect(POINTS.replied).toBeGreaterThan(POINTS.attempt);
    expect(pointsOf({ lessons: 2, attemptsPerDay: [1], replied: 1 })).toBe(
      2 * POINTS.lesson + POINTS.attempt + POINTS.replied,
    );
    expect(pointsOf({ lessons: 0, attemptsPerDay: [], replied: 0 })).toBe(0);
  });

  it('caps the attempts that earn points at ATTEMPTS_PER_DAY a day', () => {
    expect(pointsOf({ lessons: 0, attemptsPerDay: [10], replied: 0 })).toBe(
      ATTEMPTS_PER_DAY * POINTS.attempt,
    );
    expect(pointsOf({ lessons: 0, attemptsPerDay: [10, 1, 2], replied: 0 })).toBe(
      (ATTEMPTS_PER_DAY + 3) * POINTS.attempt,
    );
  });
});

describe('streaks', () => {
  it('counts the weeks in a row up to this one', () => {
    expect(streakOf([10, 9, 8, 6], 10)).toBe(3);
    expect(streakOf([10, 10, 9], 10)).toBe(2);
  });

  it('keeps last week’s run while this week has nothing yet, and breaks after a week without', () => {
    expect(streakOf([9, 8], 10)).toBe(2);
    expect(streakOf([8, 7], 10)).toBe(0);
    expect(streakOf([], 10)).toBe(0);
  });

  it('reads the same from the last run of active weeks', () => {
    expect(streakFromRun({ last: 10, length: 3 }, 10)).toBe(3);
    expect(streakFromRun({ last: 9, length: 2 }, 10)).toBe(2);
    expect(streakFromRun({ last: 8, length: 5 }, 10)).toBe(0);
    expect(streakFromRun(undefined, 10)).toBe(0);
  });
});

describe('ranks', () => {
  it('gives ties one rank and skips the next', () => {
    expect(ranksOf([50, 40, 40, 30, 30, 30, 5])).toEqual([1, 2, 2, 4, 4, 4, 7]);
    expect(ranksOf([])).toEqual([]);
  });
});
