import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGE_TYPES } from '../constants';
import { attemptView } from './attempts';
import { text } from './fields';

/**
 * A member a message mentions (`@handle`, issue 32, decision 57): the client makes each such handle of
 * the text a link to the member's page; a handle not listed stays plain text.
 */
export const mentionedMember = z.object({ username: z.string(), name: z.string() });
export type MentionedMember = z.infer<typeof mentionedMember>;

/** A community chat message (SPEC §3). `id` grows with time: it is the paging and stream cursor. */
export const chatMessage = z.object({
  id: z.number().int(),
  content: z.string(),
  /** 'attempt' (issue 18) is made only by POST /api/attempts; `content` is then its caption. */
  messageType: z.enum([...CHAT_MESSAGE_TYPES, 'attempt']),
  createdAt: z.string(),
  user: z.object({ name: z.string(), username: z.string(), profilePicture: z.string().nullable() }),
  /** The attempt an 'attempt' message posts; null otherwise. */
  attempt: attemptView.nullable(),
  /** The message this one replies to (issue 30: a coach answering an attempt); absent when none. */
  replyToId: z.number().int().optional(),
  /** When its author last edited it (decision 53); absent when never: the room shows '(edited)'. */
  editedAt: z.string().optional(),
  /** The members its text mentions (decision 57); absent when none. */
  mentions: z.array(mentionedMember).optional(),
  /**
   * Present only on the author's own view of a message a coach removed (decision 53, GET
   * /api/chat/community/removed): 'Removed by a coach', with the reason given, if any.
   */
  removed: z.object({ reason: z.string().nullable() }).optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;
export const chatMessagesResponse = z.array(chatMessage);

const cursor = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a message id` })
    .int({ error: `${field} must be a message id` })
    .min(0, { error: `${field} must be a message id` })
    .optional();

/** GET /api/chat/community: the newest page, or the messages after / the page before an id. */
export const chatMessagesQuery = z.object({ after: cursor('after'), before: cursor('before') });

/** POST /api/chat/community. For photo, video and voice, `content` is the URL /api/upload returned. */
export const postChatMessageBody = z.object(
  {
    content: text('content')
      .trim()
      .min(1, { error: 'content must not be blank' })
      .max(CHAT_MESSAGE_MAX_LENGTH, {
        error: `content must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
      }),
    messageType: z.enum(CHAT_MESSAGE_TYPES, {
      error: 'messageType must be one of text, photo, video, voice',
    }),
    /** The id of the room's message this one replies to (a coach's answer to an attempt, issue 30). */
    replyToId: z
      .number({ error: 'replyToId must be a message id' })
      .int({ error: 'replyToId must be a message id' })
      .min(1, { error: 'replyToId must be a message id' })
      .optional(),
  },
  { error: 'Request body must be a JSON object' },
);
export type PostChatMessageBody = z.infer<typeof postChatMessageBody>;

/** The content of a message as its author edits it: as a new message's, trimmed, 1 to 2,000 characters. */
const messageContent = (field: string) =>
  text(field)
    .trim()
    .min(1, { error: `${field} must not be blank` })
    .max(CHAT_MESSAGE_MAX_LENGTH, {
      error: `${field} must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
    });

/** The path of PATCH and DELETE /api/chat/community/{id}. */
export const chatMessageIdParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a message id' })
    .int({ error: 'id must be a message id' })
    .min(1, { error: 'id must be a message id' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'id must be a message id' }),
});

/** PATCH /api/chat/community/{id}: a text message's new content (decision 53; other kinds: 400). */
export const editChatMessageBody = z.object(
  { content: messageContent('content') },
  { error: 'Request body must be a JSON object' },
);
export type EditChatMessageBody = z.infer<typeof editChatMessageBody>;

/**
 * DELETE of a chat or discussion message, or of an attempt: `?reason=` says why when a coach removes
 * someone else's (shown to its author and kept in the audit; ignored when authors delete their own).
 * In the query rather than a body, so that any client's DELETE without a body can carry it.
 */
export const removalQuery = z.object({
  reason: text('reason')
    .trim()
    .max(500, { error: 'reason must be at most 500 characters' })
    .optional()
    .transform((r) => (r === '' ? undefined : r)),
});
export type RemovalQuery = z.infer<typeof removalQuery>;

/** POST /api/upload (multipart field `file`). */
export const uploadResponse = z.object({ url: z.string() });
