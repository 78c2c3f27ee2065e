import type { DiscussionMessage } from '../../common/contracts/lessons';
import type { DiscussionMessageRecord } from '../db/repositories/lessons.repository';
import { presentAttempt } from './attempt.presenter';

/** A quote's excerpt: the quoted text's first words (decision 57). */
const QUOTE_LENGTH = 200;
export function quoteExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= QUOTE_LENGTH ? flat : `${flat.slice(0, QUOTE_LENGTH - 1).trimEnd()}…`;
}

/**
 * A lesson discussion's message as every reader gets it (GET of the thread, the answer to a post).
 * `blocked`: the members the viewer blocks (decision 55), whose quoted words a reply leaves out.
 */
export function presentDiscussionMessage(
  m: DiscussionMessageRecord,
  blocked?: ReadonlySet<string>,
): DiscussionMessage {
  return {
    id: m.id,
    text: m.text,
    createdAt: m.createdAt.toISOString(),
    user: { name: m.name, username: m.username, profilePicture: m.profilePicture },
    // Stored as a real: to the millisecond, as it was posted.
    videoSeconds: m.videoSeconds === null ? null : Math.round(m.videoSeconds * 1000) / 1000,
    attempt: presentAttempt(m.attempt),
    ...(m.editedAt ? { editedAt: m.editedAt.toISOString() } : {}),
    ...(m.mentions && m.mentions.length > 0 ? { mentions: m.mentions } : {}),
    ...(m.replyTo
      ? {
          replyTo: blocked?.has(m.replyTo.authorId)
            ? { id: m.replyTo.id, author: null, excerpt: null }
            : {
                id: m.replyTo.id,
                author: { name: m.replyTo.name, username: m.replyTo.username },
                excerpt: quoteExcerpt(m.replyTo.text),
              },
        }
      : {}),
    // Only the author's own view holds their removed messages (decision 53).
    ...(m.removed ? { removed: { reason: m.removed.reason } } : {}),
  };
}
