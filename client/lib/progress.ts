import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LessonProgressEntry, LessonRef, ProgressResponse } from '@common/contracts/progress';
import { continueLesson, lessonKey } from '@common/progress';
import { findLesson, lessonHeading } from '@common/curriculum';
import { apiJson, getQueryFn } from './api-client';
import { serverErrorMessage } from './api-error';
import { lessonPath } from './paths';
import { toast } from './toast';

/** GET /api/progress: the signed-in member's own lesson progress and 'Continue' (issue 18). */
export const progressQueryOptions = queryOptions({
  queryKey: ['/api/progress'] as const,
  queryFn: getQueryFn<ProgressResponse>({ on401: 'throw' }),
});

export function useProgress() {
  return useQuery(progressQueryOptions);
}

const lessonUrl = (l: LessonRef) => `/api/progress/${l.thinkTank}/${l.topic}/${l.lesson}`;

/** The member's entry for a lesson, once progress is known (undefined while loading). */
export function entryOf(progress: ProgressResponse | undefined, lesson: LessonRef) {
  if (!progress) return undefined;
  return progress.lessons.find((e) => lessonKey(e) === lessonKey(lesson)) ?? null;
}

/** `progress` with one lesson's entry replaced, and Continue worked out again by the server's own rule. */
export function withEntry(progress: ProgressResponse, entry: LessonProgressEntry): ProgressResponse {
  const lessons = [...progress.lessons.filter((e) => lessonKey(e) !== lessonKey(entry)), entry];
  return { ...progress, lessons, continue: continueLesson(lessons) };
}

const blankEntry = (lesson: LessonRef): LessonProgressEntry => ({
  thinkTank: lesson.thinkTank,
  topic: lesson.topic,
  lesson: lesson.lesson,
  doneAt: null,
  openedAt: null,
  positionSeconds: null,
  unread: false,
});

/** `progress` as it is once the member has opened `lesson` at `at` (read, and the latest activity). */
export function withVisit(progress: ProgressResponse, lesson: LessonRef, at: string): ProgressResponse {
  const entry = entryOf(progress, lesson) ?? blankEntry(lesson);
  return withEntry(progress, { ...entry, openedAt: at, unread: false });
}

/**
 * Marks a lesson done or not done (PUT / DELETE /api/progress/…): shown at once, put back with a toast
 * when the server refuses; Continue is read again afterwards.
 */
export function useSetLessonDone(lesson: LessonRef) {
  const queryClient = useQueryClient();
  const { queryKey } = progressQueryOptions;
  return useMutation({
    mutationFn: (done: boolean) => apiJson<LessonProgressEntry>(done ? 'PUT' : 'DELETE', lessonUrl(lesson)),
    onMutate: async (done) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before) {
        const entry = entryOf(before, lesson) ?? blankEntry(lesson);
        const doneAt = done ? (entry.doneAt ?? new Date().toISOString()) : null;
        queryClient.setQueryData(queryKey, withEntry(before, { ...entry, doneAt }));
      }
      return { before };
    },
    onError: (error, _done, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
      toast({
        title: 'Error',
        description: serverErrorMessage(error) ?? 'Could not save your progress',
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/**
 * PUT /api/progress/…/visit: the member opened the lesson (and where its video stands). `keepalive` lets
 * the last position reach the server while the page is being left. Failures are quiet: a missed
 * position only means the video starts a little earlier next time.
 */
export function sendLessonVisit(
  lesson: LessonRef,
  positionSeconds?: number,
): Promise<LessonProgressEntry | null> {
  const body = JSON.stringify(positionSeconds === undefined ? {} : { positionSeconds });
  return fetch(`${lessonUrl(lesson)}/visit`, {
    method: 'PUT',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body,
  }).then(
    (res) => (res.ok ? (res.json() as Promise<LessonProgressEntry>).catch(() => null) : null),
    () => null,
  );
}

/** 'Continue: 203 · Systems Theory' and its link (the Think Tanks menu), or null before it is known or when all are done. */
export function useContinueLink(): { href: string; label: string } | null {
  const next = useProgress().data?.continue;
  const lesson = next ? findLesson(next.thinkTank, next.topic, next.lesson) : null;
  return lesson ? { href: lessonPath(lesson), label: `Continue: ${lessonHeading(lesson)}` } : null;
}
