import type { LessonVideoResponse } from '@common/contracts/lessons';
import { throwIfResNotOk } from '../../../lib/api-client';
import type { VideoSlot } from '../lesson-video-file';

/**
 * POST /api/lesson-videos/{thinkTank}/{topicSlug}/{lessonSlug}/captions (admins), multipart `file` → the
 * slot's `{ videoUrl, captionsUrl }`. 415 not WebVTT, 413 over 1 MB, 409 no video yet, 403 not an admin,
 * each as an ApiError.
 */
export async function uploadCaptions(
  { thinkTank, topicSlug, lessonSlug }: VideoSlot,
  file: File,
): Promise<LessonVideoResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  const url = `/api/lesson-videos/${[thinkTank, topicSlug, lessonSlug].map(encodeURIComponent).join('/')}/captions`;
  const res = await fetch(url, { method: 'POST', credentials: 'include', body });
  await throwIfResNotOk(res);
  return (await res.json()) as LessonVideoResponse;
}
