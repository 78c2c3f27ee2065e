import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from '../constants';
import { text } from './fields';

/**
 * Attempts posted back (issue 18): an annotated frame from the analysis tool (with, if chosen, the clip's
 * segment around it) or a saved voiceover, posted with a caption to a lesson's discussion or to the
 * community chat. Frames and clips are first uploaded with POST /api/upload (checked by content like
 * every upload); the attempt names those uploads, which must be the member's own and not posted before.
 */

export const ATTEMPT_MAX_ANGLES = 20;
export const ATTEMPT_ANGLE_LABEL_MAX_LENGTH = 40;

/** One value measured on the frame with the angle tool. */
export const attemptAngle = z.object(
  {
    label: text('angles[].label')
      .trim()
      .min(1, { error: 'angles[].label must not be blank' })
      .max(ATTEMPT_ANGLE_LABEL_MAX_LENGTH, {
        error: `angles[].label must be at most ${ATTEMPT_ANGLE_LABEL_MAX_LENGTH} characters`,
      }),
    degrees: z
      .number({ error: 'angles[].degrees must be a number' })
      .finite({ error: 'angles[].degrees must be a number' })
      .min(0, { error: 'angles[].degrees must be between 0 and 360' })
      .max(360, { error: 'angles[].degrees must be between 0 and 360' }),
  },
  { error: 'angles must be a list of { label, degrees }' },
);
export type AttemptAngleValue = z.infer<typeof attemptAngle>;

/** A posted voiceover, playable by whoever sees the post: the screen and the voice, and the real length. */
export const attemptVoiceover = z.object({
  recordingId: z.string(),
  screenUrl: z.string(),
  audioUrl: z.string(),
  /** The screen carries the voice and plays alone; else the audio plays beside it (decision 48). */
  screenHasAudio: z.boolean(),
  durationSeconds: z.number(),
});

/** An attempt as shown inside the message that posts it. A file deleted since is null. */
export const attemptView = z.object({
  id: z.string(),
  caption: z.string(),
  imageUrl: z.string().nullable(),
  clipUrl: z.string().nullable(),
  voiceover: attemptVoiceover.nullable(),
  angles: z.array(z.object({ label: z.string(), degrees: z.number() })),
  /** Where in the member's clip the frame was taken, in seconds. */
  frameSeconds: z.number().nullable(),
});
export type AttemptView = z.infer<typeof attemptView>;

const slug = (field: string) => text(field).max(100, { error: `${field} must be at most 100 characters` });

/** Where an attempt goes: a lesson's discussion (any discussion thread, e.g. 'physiological/main/main' too) or the community chat. */
export const attemptTarget = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('lesson'),
      thinkTank: slug('target.thinkTank'),
      topic: slug('target.topic'),
      lesson: slug('target.lesson'),
    }),
    z.object({ kind: z.literal('chat') }),
  ],
  { error: "target must be { kind: 'lesson', thinkTank, topic, lesson } or { kind: 'chat' }" },
);
export type AttemptTarget = z.infer<typeof attemptTarget>;

/** POST /api/attempts. At least a frame or a voiceover; a clip only with its frame. */
export const postAttemptBody = z.object(
  {
    target: attemptTarget,
    caption: text('caption')
      .trim()
      .max(CHAT_MESSAGE_MAX_LENGTH, {
        error: `caption must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
      })
      .default(''),
    /** The URL POST /api/upload returned for the frame (an image). */
    imageUrl: text('imageUrl').max(200, { error: 'imageUrl must be at most 200 characters' }).optional(),
    /** The URL POST /api/upload returned for the clip (a video). */
    clipUrl: text('clipUrl').max(200, { error: 'clipUrl must be at most 200 characters' }).optional(),
    /** One of the member's own voiceovers. */
    recordingId: text('recordingId')
      .pipe(z.uuid({ error: 'recordingId must be a recording id' }))
      .optional(),
    angles: z
      .array(attemptAngle, { error: 'angles must be a list of { label, degrees }' })
      .max(ATTEMPT_MAX_ANGLES, { error: `angles must hold at most ${ATTEMPT_MAX_ANGLES} values` })
      .default([]),
    frameSeconds: z
      .number({ error: 'frameSeconds must be a number' })
      .finite({ error: 'frameSeconds must be a number' })
      .min(0, { error: 'frameSeconds must not be negative' })
      .optional(),
  },
  { error: 'Request body must be a JSON object' },
);
export type PostAttemptBody = z.infer<typeof postAttemptBody>;

/** The path of DELETE /api/attempts/{id}. */
export const attemptIdParams = z.object({
  id: text('id').pipe(z.uuid({ error: 'Attempt not found' })),
});

/** GET /api/attempts (admins): attempts posted to lessons, newest first, optionally of one lesson. */
export const attemptsQuery = z.object({
  thinkTank: slug('thinkTank').optional(),
  topic: slug('topic').optional(),
  lesson: slug('lesson').optional(),
  before: z.coerce.date({ error: 'before must be a date' }).optional(),
});

/** One attempt in the coach's review list. */
export const attemptReviewItem = z.object({
  attempt: attemptView,
  /** The discussion message that posts it (its id in the thread). */
  messageId: z.number().int(),
  thinkTank: z.string(),
  topic: z.string(),
  lesson: z.string(),
  createdAt: z.string(),
  user: z.object({ name: z.string(), username: z.string(), profilePicture: z.string().nullable() }),
  /** Whether an admin has posted in the thread since the attempt. */
  replied: z.boolean(),
});
export type AttemptReviewItem = z.infer<typeof attemptReviewItem>;
export const attemptsResponse = z.array(attemptReviewItem);

/** How the review list pages: its cursor is the last item's place (time to the microsecond, and id). */
export const REVIEW_CURSOR_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z_[0-9a-f-]{36}$/;
export const REVIEW_LIMIT_DEFAULT = 20;
export const REVIEW_LIMIT_MAX = 100;

/**
 * GET /api/attempts/review (admins, issue 30): the attempts no coach has answered yet (`awaiting`,
 * oldest first) or those answered (`replied`, newest first), across every lesson and the chat.
 */
export const attemptsReviewQuery = z.object({
  status: z
    .enum(['awaiting', 'replied'], { error: 'status must be awaiting or replied' })
    .default('awaiting'),
  cursor: text('cursor')
    .regex(REVIEW_CURSOR_PATTERN, { error: 'cursor must be the nextCursor of an earlier page' })
    .optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${REVIEW_LIMIT_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${REVIEW_LIMIT_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${REVIEW_LIMIT_MAX}` })
    .max(REVIEW_LIMIT_MAX, { error: `limit must be a whole number from 1 to ${REVIEW_LIMIT_MAX}` })
    .default(REVIEW_LIMIT_DEFAULT),
});
export type AttemptsReviewQuery = z.infer<typeof attemptsReviewQuery>;
export type AttemptsReviewStatus = AttemptsReviewQuery['status'];

/** One attempt in the coach's inbox. */
export const attemptInboxItem = z.object({
  attempt: attemptView,
  /** The member who posted it, as member search shows members. */
  member: z.object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    profilePicture: z.string().nullable(),
  }),
  /** The lesson (or page) whose discussion it was posted to; null: posted to the community chat. */
  lesson: z
    .object({
      /** 'intellectual/understanding-self/systems-theory' */
      id: z.string(),
      thinkTank: z.string(),
      topic: z.string(),
      lesson: z.string(),
      /** '203 · Systems Theory', or the area's name for the physiological and spiritual pages. */
      title: z.string(),
    })
    .nullable(),
  /** The message that posts it: in the lesson's discussion, or in the chat (a reply names it). */
  messageId: z.number().int(),
  createdAt: z.string(),
});
export type AttemptInboxItem = z.infer<typeof attemptInboxItem>;

export const attemptsReviewResponse = z.object({
  items: z.array(attemptInboxItem),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many attempts await a coach's reply in all (the home card's N). */
  awaiting: z.number().int(),
});
export type AttemptsReviewResponse = z.infer<typeof attemptsReviewResponse>;

/** GET /api/attempts/mine (members, issue 30 part 4): the member's own attempts, newest first. */
export const myAttemptsQuery = z.object({
  cursor: text('cursor')
    .regex(REVIEW_CURSOR_PATTERN, { error: 'cursor must be the nextCursor of an earlier page' })
    .optional(),
  limit: attemptsReviewQuery.shape.limit,
});
export type MyAttemptsQuery = z.infer<typeof myAttemptsQuery>;

/** A coach's first reply to an attempt, as My attempts shows it. */
export const attemptReply = z.object({
  /** Who replied; a deleted account comes with an empty username. */
  user: z.object({ name: z.string(), username: z.string(), profilePicture: z.string().nullable() }),
  /** The reply's first words (at most 140 characters); empty when it was removed since. */
  excerpt: z.string(),
  createdAt: z.string(),
  /** The reply's message id, in the lesson's discussion or in the chat (as the attempt's `messageId`). */
  messageId: z.number().int(),
});
export type AttemptReply = z.infer<typeof attemptReply>;

/** One of the member's own attempts. */
export const myAttemptItem = z.object({
  attempt: attemptView,
  /** The lesson (or page) whose discussion it was posted to, as the inbox names it; null: the chat. */
  lesson: attemptInboxItem.shape.lesson,
  /** The message that posts it. */
  messageId: z.number().int(),
  createdAt: z.string(),
  /** `awaiting` until a coach replies (decision 52). */
  status: z.enum(['awaiting', 'replied']),
  /** The coach's first reply; null while awaiting. */
  reply: attemptReply.nullable(),
  /** Replied and not yet opened by the member (POST /api/attempts/{id}/seen, or opening the lesson). */
  unread: z.boolean(),
});
export type MyAttemptItem = z.infer<typeof myAttemptItem>;

export const myAttemptsResponse = z.object({
  items: z.array(myAttemptItem),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many of the member's attempts have a reply not yet opened (the home card's N). */
  unread: z.number().int(),
});
export type MyAttemptsResponse = z.infer<typeof myAttemptsResponse>;

/** POST /api/attempts/{id}/seen: the member opened the reply; how many stay unread. */
export const attemptSeenResponse = z.object({ unread: z.number().int() });
export type AttemptSeenResponse = z.infer<typeof attemptSeenResponse>;
