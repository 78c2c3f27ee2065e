import type { DiscussionMessage } from '@common/contracts/lessons';

/**
 * Which discussion: a lesson's think tank, topic and lesson slugs, or `main`/`main` for the spiritual and
 * physiological pages (docs/decisions.md decision 5).
 */
export interface DiscussionThread {
  thinkTank: string;
  topic: string;
  lesson: string;
}

/**
 * The thread's messages with one more, oldest first (ids grow with time); a message already held (a
 * poll brought it first) is not added twice. The same array comes back when nothing changed.
 */
export function withMessage(
  messages: readonly DiscussionMessage[] | undefined,
  message: DiscussionMessage,
): DiscussionMessage[] {
  const held = messages ?? [];
  if (held.some((m) => m.id === message.id)) return held as DiscussionMessage[];
  return [...held, message].sort((a, b) => a.id - b.id);
}
