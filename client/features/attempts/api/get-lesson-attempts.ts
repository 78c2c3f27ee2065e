import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AttemptReviewItem } from '@common/contracts/attempts';
import type { LessonRef } from '@common/contracts/progress';
import { readQueryResponse } from '../../../lib/api-client';
import { ATTEMPTS_QUERY_ROOT } from '../../../lib/attempt-queries';

/** GET /api/attempts answers 50 at a time, newest first. */
const PAGE_SIZE = 50;

/**
 * GET /api/attempts?thinkTank=&topic=&lesson=&before= (admins, issue 18): the attempts posted to one
 * lesson, newest first, each with whether a coach replied since; 50 a page before `before`.
 */
export async function getLessonAttempts(
  lesson: LessonRef,
  before: string | null,
  signal?: AbortSignal,
): Promise<AttemptReviewItem[]> {
  const query = new URLSearchParams({
    thinkTank: lesson.thinkTank,
    topic: lesson.topic,
    lesson: lesson.lesson,
  });
  if (before) query.set('before', before);
  const res = await fetch(`/api/attempts?${query}`, { credentials: 'include', signal });
  return (await readQueryResponse<AttemptReviewItem[]>(res, 'throw'))!;
}

export function lessonAttemptsQueryOptions(lesson: LessonRef) {
  return infiniteQueryOptions({
    queryKey: [...ATTEMPTS_QUERY_ROOT, 'lesson', lesson.thinkTank, lesson.topic, lesson.lesson] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getLessonAttempts(lesson, pageParam, signal),
    getNextPageParam: (last) => (last.length < PAGE_SIZE ? null : last.at(-1)!.createdAt),
  });
}

export function useLessonAttempts(lesson: LessonRef, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...lessonAttemptsQueryOptions(lesson), enabled });
}
