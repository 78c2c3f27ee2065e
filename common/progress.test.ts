import { describe, expect, it } from 'vitest';
import { continueLesson, CURRICULUM, doneCount, isCurriculumLesson } from './progress';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
const entry = (thinkTank: string, topic: string, lesson: string, e: { done?: number; opened?: number }) => ({
  thinkTank,
  topic,
  lesson,
  doneAt: e.done === undefined ? null : at(e.done),
  openedAt: e.opened === undefined ? null : at(e.opened),
});
const ref = (thinkTank: string, topic: string, lesson: string) => ({ thinkTank, topic, lesson });

describe('the curriculum in order', () => {
  it('holds the 36 lessons from 201 to 406', () => {
    expect(CURRICULUM).toHaveLength(36);
    expect(CURRICULUM[0]).toEqual(ref('intellectual', 'understanding-self', 'what-constitutes-intelligence'));
    expect(CURRICULUM[35]).toEqual(ref('emotional', 'alter-ego', 'assessing-data'));
    expect(isCurriculumLesson('intellectual', 'understanding-self', 'systems-theory')).toBe(true);
    expect(isCurriculumLesson('spiritual', 'main', 'main')).toBe(false);
    expect(isCurriculumLesson('physiological', 'main', 'main')).toBe(false);
  });
});

describe('continueLesson', () => {
  it('offers the first lesson before anything is done or opened', () => {
    expect(continueLesson([])).toEqual(CURRICULUM[0]);
  });

  it('offers the lesson opened last when it is not done yet (to resume it)', () => {
    const entries = [
      entry('intellectual', 'understanding-self', 'categories-of-intelligence', { done: 1, opened: 1 }),
      entry('intellectual', 'understanding-self', 'systems-theory', { opened: 2 }),
    ];
    expect(continueLesson(entries)).toEqual(ref('intellectual', 'understanding-self', 'systems-theory'));
  });

  it('offers the next lesson after the last one done', () => {
    const entries = [entry('intellectual', 'understanding-self', 'categories-of-intelligence', { done: 3 })];
    expect(continueLesson(entries)).toEqual(ref('intellectual', 'understanding-self', 'systems-theory'));
  });

  it('goes over the end of a topic (207 → 208) and of an area (214 → 301, 314 → 401)', () => {
    expect(
      continueLesson([entry('intellectual', 'understanding-self', 'exercises-practices', { done: 1 })]),
    ).toEqual(ref('intellectual', 'optimal-self', 'goal-targeting'));
    expect(
      continueLesson([entry('intellectual', 'understanding-enemy', 'methods-idp', { done: 1 })]),
    ).toEqual(ref('psychological', 'stress-management', 'anxiety-personal-lives'));
    expect(continueLesson([entry('psychological', 'neuro-remodeling', 'modalities', { done: 1 })])).toEqual(
      ref('emotional', 'emotion-neural-link', 'sensory-stimuli'),
    );
  });

  it('skips lessons already done, and wraps after the last lesson (406) to the first one not done', () => {
    const entries = [
      entry('intellectual', 'understanding-self', 'what-constitutes-intelligence', { done: 1 }),
      entry('emotional', 'alter-ego', 'assessing-data', { done: 5 }),
    ];
    expect(continueLesson(entries)).toEqual(
      ref('intellectual', 'understanding-self', 'categories-of-intelligence'),
    );
    const skipping = [
      entry('intellectual', 'understanding-self', 'systems-theory', { done: 1 }),
      entry('intellectual', 'understanding-self', 'categories-of-intelligence', { done: 2 }),
    ];
    expect(continueLesson(skipping)).toEqual(
      ref('intellectual', 'understanding-self', 'optimization-of-learning'),
    );
  });

  it('offers nothing when all 36 are done', () => {
    const all = CURRICULUM.map((l, i) => entry(l.thinkTank, l.topic, l.lesson, { done: i }));
    expect(continueLesson(all)).toBeNull();
  });
});

describe('doneCount', () => {
  it('counts done lessons of an area and of a topic', () => {
    const entries = [
      entry('intellectual', 'understanding-self', 'systems-theory', { done: 1 }),
      entry('intellectual', 'optimal-self', 'old-selves', { done: 1 }),
      entry('intellectual', 'optimal-self', 'goal-targeting', { opened: 1 }),
    ];
    expect(doneCount(entries, 'intellectual')).toEqual({ done: 2, total: 16 });
    expect(doneCount(entries, 'intellectual', 'optimal-self')).toEqual({ done: 1, total: 4 });
    expect(doneCount(entries, 'emotional')).toEqual({ done: 0, total: 6 });
  });
});
