import { describe, expect, it } from 'vitest';
import { findLesson, lessonHeading } from '@common/curriculum';
import {
  LAST_LESSON_KEY_PREFIX,
  lessonAfter,
  nextLessonFor,
  rememberLesson,
  type LessonStorage,
} from './next-lesson';

function memoryStorage(): LessonStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

const lesson = (area: string, topic: string, slug: string) => findLesson(area, topic, slug)!;

describe('the next lesson', () => {
  it('is the first lesson of the curriculum for a member who has opened none', () => {
    const next = nextLessonFor(memoryStorage(), 'u1');
    expect(lessonHeading(next.lesson)).toBe('201 · What Constitutes Intelligence');
    expect(next).toMatchObject({ resumed: false, upNext: null });
    expect(nextLessonFor(null, 'u1').resumed).toBe(false);
  });

  it('is the last opened lesson, with the one after it, kept per member', () => {
    const storage = memoryStorage();
    rememberLesson(storage, 'u1', lesson('intellectual', 'understanding-self', 'systems-theory'));
    const next = nextLessonFor(storage, 'u1');
    expect(next.resumed).toBe(true);
    expect(lessonHeading(next.lesson)).toBe('203 · Systems Theory');
    expect(next.upNext && lessonHeading(next.upNext)).toBe('204 · Optimization Of Learning');
    expect(nextLessonFor(storage, 'u2').resumed).toBe(false);
    expect(storage.map.get(`${LAST_LESSON_KEY_PREFIX}u1`)).toBe(
      'intellectual/understanding-self/systems-theory',
    );
  });

  it('runs on into the next topic and area, and ends with the last lesson', () => {
    expect(
      lessonHeading(lessonAfter(lesson('intellectual', 'understanding-self', 'exercises-practices'))!),
    ).toBe('208 · Goal Targeting');
    expect(lessonHeading(lessonAfter(lesson('intellectual', 'understanding-enemy', 'methods-idp'))!)).toBe(
      '301 · Anxiety Personal Lives',
    );
    expect(lessonAfter(lesson('emotional', 'alter-ego', 'assessing-data'))).toBeNull();
  });

  it('falls back to the first lesson when the stored one is not in the curriculum or storage fails', () => {
    const storage = memoryStorage();
    for (const bad of ['intellectual/nope/systems-theory', 'garbage', 'a/b/c/d', '']) {
      storage.map.set(`${LAST_LESSON_KEY_PREFIX}u1`, bad);
      expect(nextLessonFor(storage, 'u1').resumed, bad).toBe(false);
    }
    const throwing: LessonStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(() =>
      rememberLesson(throwing, 'u1', lesson('emotional', 'alter-ego', 'assessing-data')),
    ).not.toThrow();
    expect(nextLessonFor(throwing, 'u1').resumed).toBe(false);
  });
});
