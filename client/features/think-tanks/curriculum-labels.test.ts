import { describe, expect, it } from 'vitest';
import { findTopic, TOPICS } from '@common/curriculum';
import { lessonCount, lessonRange } from './curriculum-labels';

describe('lessonRange', () => {
  it('runs from the start number through the last lesson', () => {
    expect(lessonRange(findTopic('intellectual', 'understanding-self')!)).toBe('201–207');
    expect(lessonRange(findTopic('intellectual', 'understanding-enemy')!)).toBe('212–216');
    expect(lessonRange(findTopic('emotional', 'alter-ego')!)).toBe('404–406');
    expect(TOPICS.map(lessonRange)).toEqual([
      '201–207',
      '208–211',
      '212–216',
      '301–306',
      '307–310',
      '311–314',
      '401–403',
      '404–406',
    ]);
  });

  it('is one number for a single lesson', () => {
    expect(lessonRange({ start: 500, lessons: ['only'] })).toBe('500');
  });
});

describe('lessonCount', () => {
  it('counts lessons', () => {
    expect(lessonCount(7)).toBe('7 lessons');
    expect(lessonCount(1)).toBe('1 lesson');
  });
});
