import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonVideoResponse } from '@common/contracts/lessons';
import { getQueryFn } from '../../../lib/api-client';
import type { VideoSlot } from '../lesson-video-file';

/**
 * GET /api/lesson-videos/{thinkTank}/{topicSlug}/{lessonSlug} → `{ videoUrl }`, null when none was
 * uploaded; 404 outside the curriculum, 401 when not signed in. The slugs come from the curriculum, so
 * the joined query key is the URL.
 */
export const getLessonVideo = getQueryFn<LessonVideoResponse>({ on401: 'throw' });

export function lessonVideoQueryOptions({ thinkTank, topicSlug, lessonSlug }: VideoSlot) {
  return queryOptions({
    queryKey: ['/api/lesson-videos', thinkTank, topicSlug, lessonSlug] as const,
    queryFn: getLessonVideo,
  });
}

/** The video of one lesson (or of the spiritual page). */
export function useLessonVideo(slot: VideoSlot) {
  return useQuery(lessonVideoQueryOptions(slot));
}
