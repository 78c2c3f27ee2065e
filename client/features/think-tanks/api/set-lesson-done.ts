import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LessonProgressEntry, LessonRef } from '@common/contracts/progress';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { progressQueryOptions } from '../../../lib/progress';
import { toast } from '../../../lib/toast';
import { blankEntry, entryOf, lessonProgressUrl, withEntry } from '../progress-entries';

/** PUT (done) or DELETE (not done) /api/progress/{thinkTank}/{topic}/{lesson} → the lesson's entry. */
export function setLessonDone(lesson: LessonRef, done: boolean): Promise<LessonProgressEntry> {
  return apiJson<LessonProgressEntry>(done ? 'PUT' : 'DELETE', lessonProgressUrl(lesson));
}

/**
 * Marks a lesson done or not done: shown at once in the progress query, put back with a toast when the
 * server refuses; Continue is read again afterwards.
 */
export function useSetLessonDone(lesson: LessonRef) {
  const queryClient = useQueryClient();
  const { queryKey } = progressQueryOptions;
  return useMutation({
    mutationFn: (done: boolean) => setLessonDone(lesson, done),
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
