import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from '../constants';
import { attemptView } from './attempts';
import { mentionedMember } from './chat';
import { slug, text } from './fields';

/**
 * GET /api/lesson-videos/{thinkTank}/{topicSlug}/{lessonSlug}: null when none was uploaded. Also the
 * answer of registering a video and of POST …/captions.
 */
export const lessonVideoResponse = z.object({
  videoUrl: z.string().nullable(),
  /** The video's captions (WebVTT), null when none were uploaded. */
  captionsUrl: z.string().nullable(),
});
export type LessonVideoResponse = z.infer<typeof lessonVideoResponse>;

/** POST /api/videos/upload-url (admins): a URL to this server that takes one PUT of one video. */
export const uploadUrlResponse = z.object({ uploadURL: z.string() });

/** The path of GET /api/lesson-videos/{thinkTank}/{topicSlug}/{lessonSlug}. */
export const lessonSlotParams = z.object({
  thinkTank: slug('thinkTank'),
  topicSlug: slug('topicSlug'),
  lessonSlug: slug('lessonSlug'),
});

/** The path of PUT /api/videos/upload/{token}: the token of an upload URL. */
export const uploadTokenParams = z.object({
  token: text('token').max(100, { error: 'token must be at most 100 characters' }),
});

/** The path of /api/discussions/{thinkTank}/{topic}/{lesson}. */
export const discussionParams = z.object({
  thinkTank: slug('thinkTank'),
  topic: slug('topic'),
  lesson: slug('lesson'),
});
export type DiscussionParams = z.infer<typeof discussionParams>;

/** POST /api/lesson-videos/upload (admins). */
export const registerLessonVideoBody = z.object(
  {
    thinkTank: slug('thinkTank'),
    topicSlug: slug('topicSlug'),
    lessonSlug: slug('lessonSlug'),
    uploadURL: text('uploadURL').max(2048, { error: 'uploadURL must be at most 2048 characters' }),
  },
  { error: 'Request body must be a JSON object' },
);
export type RegisterLessonVideoBody = z.infer<typeof registerLessonVideoBody>;

/** A saved discussion message (docs/decisions.md decision 5). */
export const discussionMessage = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  user: z.object({ name: z.string(), username: z.string(), profilePicture: z.string().nullable() }),
  /** A time in the lesson video the message points at ('at 1:42'), in seconds; null: none (issue 18). */
  videoSeconds: z.number().nullable(),
  /** The attempt the message posts (issue 18); null for an ordinary message. */
  attempt: attemptView.nullable(),
  /** When its author last edited it (decision 53); absent when never: the thread shows '(edited)'. */
  editedAt: z.string().optional(),
  /** The members its text mentions (decision 57); absent when none. */
  mentions: z.array(mentionedMember).optional(),
  /**
   * The message of the thread it replies to (decision 57), quoted above it; absent when none or when
   * that message is gone. `author` and `excerpt` are null when the viewer blocks its author (decision
   * 55): the quote then reads 'an earlier message'.
   */
  replyTo: z
    .object({
      id: z.number().int(),
      author: z.object({ name: z.string(), username: z.string() }).nullable(),
      excerpt: z.string().nullable(),
    })
    .optional(),
  /**
   * Only in its author's own view of the thread: a coach removed it (decision 53), with the reason
   * given, if any; `text` is then what it said. Everyone else's view leaves it out.
   */
  removed: z.object({ reason: z.string().nullable() }).optional(),
});
export type DiscussionMessage = z.infer<typeof discussionMessage>;
export const discussionMessagesResponse = z.array(discussionMessage);

export const postDiscussionBody = z.object(
  {
    text: text('text')
      .trim()
      .min(1, { error: 'text must not be blank' })
      .max(CHAT_MESSAGE_MAX_LENGTH, { error: `text must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters` }),
    /** A time in the lesson video, in seconds: at most the video's length (400 otherwise, and when there is no video). */
    videoSeconds: z
      .number({ error: 'videoSeconds must be a number' })
      .finite({ error: 'videoSeconds must be a number' })
      .min(0, { error: 'videoSeconds must not be negative' })
      .optional(),
    /** The id of a message of the same thread this one replies to (decision 57); another thread's: 400. */
    replyToId: z
      .number({ error: 'replyToId must be a message id' })
      .int({ error: 'replyToId must be a message id' })
      .min(1, { error: 'replyToId must be a message id' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'replyToId must be a message id' })
      .optional(),
  },
  { error: 'Request body must be a JSON object' },
);

/** The path of PATCH and DELETE /api/discussions/{thinkTank}/{topic}/{lesson}/messages/{id}. */
export const discussionMessageParams = discussionParams.extend({
  id: z.coerce
    .number({ error: 'id must be a message id' })
    .int({ error: 'id must be a message id' })
    .min(1, { error: 'id must be a message id' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'id must be a message id' }),
});
export type DiscussionMessageParams = z.infer<typeof discussionMessageParams>;

/** PATCH of a discussion message: its new text, as a new message's (decision 53). */
export const editDiscussionBody = z.object(
  {
    text: text('text')
      .trim()
      .min(1, { error: 'text must not be blank' })
      .max(CHAT_MESSAGE_MAX_LENGTH, { error: `text must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters` }),
  },
  { error: 'Request body must be a JSON object' },
);

export const LESSON_VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

/** POST /api/lesson-videos/{thinkTank}/{topicSlug}/{lessonSlug}/captions (admins): a WebVTT file of at most 1 MB. */
export const CAPTIONS_MAX_BYTES = 1024 * 1024;
