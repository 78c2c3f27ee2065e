import { z } from 'zod';

/**
 * Where a member stopped reading the community chat (issue 32 part 3, decision 59), kept on the server
 * per member. The unread messages are those after `lastReadId` that others wrote (never the member's
 * own, nor those of members they block, nor removed ones).
 */

export { CHAT_UNREAD_MAX } from './chat-reads-values';

/** GET and PUT /api/chat/community/read. */
export const chatReadPosition = z.object({
  /** The newest message read; null while the member has never read the chat (then nothing is unread). */
  lastReadId: z.number().int().nullable(),
  /** How many messages after it are unread, counted up to CHAT_UNREAD_MAX + 1. */
  unread: z.number().int(),
  /** The first of them (where the "N new messages" divider goes), null when none. */
  firstUnreadId: z.number().int().nullable(),
});
export type ChatReadPosition = z.infer<typeof chatReadPosition>;

/**
 * PUT /api/chat/community/read: the newest message the member has now read. The position only moves
 * forward (an older id changes nothing), and an id beyond the room's newest message is taken as that one.
 */
export const putChatReadBody = z
  .object(
    {
      lastReadId: z
        .number({ error: 'lastReadId must be a message id' })
        .int({ error: 'lastReadId must be a message id' })
        .min(1, { error: 'lastReadId must be a message id' })
        .max(Number.MAX_SAFE_INTEGER, { error: 'lastReadId must be a message id' }),
    },
    { error: 'Request body must be { lastReadId: <message id> }' },
  )
  .strict();
export type PutChatReadBody = z.infer<typeof putChatReadBody>;
