import { apiJson } from '../../../lib/api-client';
import type { VideoSlot } from '../lesson-video-file';

/**
 * POST /api/lesson-videos/upload `{ thinkTank, topicSlug, lessonSlug, uploadURL }` (admins) → `{ videoUrl }`:
 * the uploaded file becomes the lesson's video, replacing (and deleting) the one before. 400 for a lesson
 * outside the curriculum or an address this server did not issue or whose upload did not complete.
 */
export function registerLessonVideo(slot: VideoSlot, uploadURL: string): Promise<{ videoUrl: string }> {
  return apiJson<{ videoUrl: string }>('POST', '/api/lesson-videos/upload', { ...slot, uploadURL });
}
