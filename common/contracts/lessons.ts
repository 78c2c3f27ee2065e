import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from '../constants';
import { fieldError } from './auth';

/** GET /api/lesson-videos/{thinkTank}/{topicSlug}/{lessonSlug}: null when none was uploaded. */
export const lessonVideoResponse = z.object({ videoUrl: z.string().nullable() });
export type LessonVideoResponse = z.infer<typeof lessonVideoResponse>;

/** POST /api/videos/upload-url (admins): a URL to this server that takes one PUT of one video. */
export const uploadUrlResponse = z.object({ uploadURL: z.string() });

/** POST /api/lesson-videos/upload (admins). */
export const registerLessonVideoBody = z.object(
  {
    thinkTank: z.string({ error: fieldError('thinkTank') }).max(100),
    topicSlug: z.string({ error: fieldError('topicSlug') }).max(100),
    lessonSlug: z.string({ error: fieldError('lessonSlug') }).max(100),
    uploadURL: z.string({ error: fieldError('uploadURL') }).max(2048),
  },
  { error: 'Request body must be a JSON object' },
);
export type RegisterLessonVideoBody = z.infer<typeof registerLessonVideoBody>;

/** A saved discussion message (DESIGN.md decision 5). */
export const discussionMessage = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  user: z.object({ name: z.string(), username: z.string(), profilePicture: z.string().nullable() }),
});
export type DiscussionMessage = z.infer<typeof discussionMessage>;
export const discussionMessagesResponse = z.array(discussionMessage);

export const postDiscussionBody = z.object(
  {
    text: z
      .string({ error: fieldError('text') })
      .trim()
      .min(1, { error: 'text must not be blank' })
      .max(CHAT_MESSAGE_MAX_LENGTH, { error: `text must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters` }),
  },
  { error: 'Request body must be a JSON object' },
);

export const LESSON_VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
