import { z } from 'zod';
import { discussionMessage } from './lessons';
import { text } from './fields';

export * from './live-values';

export const liveQuery = z.object({
  chat: z
    .enum(['0', '1'], { error: 'chat must be 1 (the chat) or 0 (no chat)' })
    .optional()
    .transform((v) => v === '1'),
  discussion: text('discussion')
    .max(300, { error: 'discussion must be at most 300 characters' })
    .regex(/^[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+$/, {
      error: 'discussion must name a thread as thinkTank/topic/lesson',
    })
    .optional(),
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'lastEventId must be a chat message id' })
    .optional(),
});
export type LiveQuery = z.infer<typeof liveQuery>;

/** Which thread an event is about, as the page that shows it names it. */
export const liveThread = z.object({ thinkTank: z.string(), topic: z.string(), lesson: z.string() });
export type LiveThread = z.infer<typeof liveThread>;

export const discussionMessageEvent = z.object({ thread: liveThread, message: discussionMessage });
export type DiscussionMessageEvent = z.infer<typeof discussionMessageEvent>;
export const discussionDeletedEvent = z.object({ thread: liveThread, id: z.number().int() });
export type DiscussionDeletedEvent = z.infer<typeof discussionDeletedEvent>;
export const discussionThreadEvent = z.object({ thread: liveThread });
export type DiscussionThreadEvent = z.infer<typeof discussionThreadEvent>;
