import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LessonProgressEntry, LessonRef } from '@common/contracts/progress';
import { isCurriculumLesson, lessonKey } from '@common/progress';
import { progressQueryOptions } from '../../../lib/progress';
import { lessonProgressUrl, withEntry, withVisit } from '../progress-entries';

/**
 * PUT /api/progress/{thinkTank}/{topic}/{lesson}/visit: the member opened the lesson (and where its video
 * stands). `keepalive` lets the last position reach the server while the page is being left. Failures
 * are quiet: a missed position only means the video starts a little earlier next time.
 */
export function sendLessonVisit(
  lesson: LessonRef,
  positionSeconds?: number,
): Promise<LessonProgressEntry | null> {
  const body = JSON.stringify(positionSeconds === undefined ? {} : { positionSeconds });
  return fetch(`${lessonProgressUrl(lesson)}/visit`, {
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

/**
 * Tells the server the member opened `lesson` (Continue and the unread mark follow), once per lesson
 * shown; the progress query shows it at once and takes the server's entry when it answers.
 */
export function useLessonVisit(lesson: LessonRef | null) {
  const queryClient = useQueryClient();
  const key = lesson ? lessonKey(lesson) : null;
  const latest = useRef(lesson);
  latest.current = lesson;
  useEffect(() => {
    const opened = latest.current;
    if (!key || !opened) return;
    // Shown at once (Continue, the unread mark), before the server has it.
    const { queryKey } = progressQueryOptions;
    const before = queryClient.getQueryData(queryKey);
    if (before && isCurriculumLesson(opened.thinkTank, opened.topic, opened.lesson))
      queryClient.setQueryData(queryKey, withVisit(before, opened, new Date().toISOString()));
    void sendLessonVisit(opened).then(async (entry) => {
      // A read that left before the visit would answer without it: cancelled, then read again.
      await queryClient.cancelQueries({ queryKey });
      const held = queryClient.getQueryData(queryKey);
      if (held && entry) queryClient.setQueryData(queryKey, withEntry(held, entry));
      await queryClient.invalidateQueries({ queryKey });
    });
  }, [key, queryClient]);
}
