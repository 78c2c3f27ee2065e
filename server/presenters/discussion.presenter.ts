import type { DiscussionMessage } from '../../common/contracts/lessons';
import type { DiscussionMessageRecord } from '../db/repositories/lessons.repository';
import { presentAttempt } from './attempt.presenter';

/** A lesson discussion's message as every reader gets it (GET of the thread, the answer to a post). */
export function presentDiscussionMessage(m: DiscussionMessageRecord): DiscussionMessage {
  return {
    id: m.id,
    text: m.text,
    createdAt: m.createdAt.toISOString(),
    user: { name: m.name, username: m.username, profilePicture: m.profilePicture },
    // Stored as a real: to the millisecond, as it was posted.
    videoSeconds: m.videoSeconds === null ? null : Math.round(m.videoSeconds * 1000) / 1000,
    attempt: presentAttempt(m.attempt),
    ...(m.editedAt ? { editedAt: m.editedAt.toISOString() } : {}),
    // Only the author's own view holds their removed messages (decision 53).
    ...(m.removed ? { removed: { reason: m.removed.reason } } : {}),
  };
}
