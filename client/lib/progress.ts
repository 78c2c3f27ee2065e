import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgressResponse } from '@common/contracts/progress';
import { findLesson, lessonHeading } from '@common/curriculum';
import { getQueryFn } from './api-client';
import { lessonPath } from './paths';

/**
 * GET /api/progress: the signed-in member's own lesson progress and 'Continue' (issue 18). It stays in
 * lib/ (not a feature's api/) because three places read it: the think-tanks pages, the home feature's
 * Think Tanks menu and the shared post-attempt dialog. The lesson endpoints that change it
 * (…/visit, done) are the think-tanks feature's own, in features/think-tanks/api/, and update the
 * cache through this query's key.
 */
export const getProgress = getQueryFn<ProgressResponse>({ on401: 'throw' });

export const progressQueryOptions = queryOptions({
  queryKey: ['/api/progress'] as const,
  queryFn: getProgress,
});

export function useProgress() {
  return useQuery(progressQueryOptions);
}

/** 'Continue: 203 · Systems Theory' and its link (the Think Tanks menu), or null before it is known or when all are done. */
export function useContinueLink(): { href: string; label: string } | null {
  const next = useProgress().data?.continue;
  const lesson = next ? findLesson(next.thinkTank, next.topic, next.lesson) : null;
  return lesson ? { href: lessonPath(lesson), label: `Continue: ${lessonHeading(lesson)}` } : null;
}
