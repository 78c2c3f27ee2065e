import type { ChatMessage } from '../../common/contracts/chat';
import type { ChatMessageRecord } from '../db/repositories/chat.repository';
import type { UserRow } from '../db/schema';
import { presentAttempt } from './attempt.presenter';

/** A chat message as every reader gets it (the poll, the stream, the answer to a post). */
export function presentChatMessage(m: ChatMessageRecord): ChatMessage {
  return {
    id: m.id,
    content: m.content,
    messageType: m.messageType,
    createdAt: m.createdAt.toISOString(),
    user: { name: m.name, username: m.username, profilePicture: m.profilePicture },
    attempt: presentAttempt(m.attempt),
    ...(m.replyToId ? { replyToId: m.replyToId } : {}),
    ...(m.editedAt ? { editedAt: m.editedAt.toISOString() } : {}),
    ...(m.mentions && m.mentions.length > 0 ? { mentions: m.mentions } : {}),
  };
}

/**
 * A message a coach removed, as its author alone sees it (decision 53): what it said, and 'Removed
 * by a coach' with the reason given.
 */
export function presentRemovedChatMessage(
  m: ChatMessageRecord & { removalReason: string | null },
): ChatMessage {
  return { ...presentChatMessage(m), removed: { reason: m.removalReason } };
}

/**
 * The record of a message its author just stored, as the room's reads return it, without reading
 * it back: the stored id and time, the posted content (and attempt), and the author's name and picture.
 */
export function authoredChatRecord(
  created: { id: number; createdAt: Date },
  input: Pick<ChatMessageRecord, 'content' | 'messageType' | 'replyToId' | 'mentions'> & {
    attempt?: ChatMessageRecord['attempt'];
  },
  author: Pick<UserRow, 'id' | 'name' | 'username' | 'profilePicture'>,
): ChatMessageRecord {
  return {
    id: created.id,
    userId: author.id,
    content: input.content,
    messageType: input.messageType,
    createdAt: created.createdAt,
    name: author.name,
    username: author.username,
    profilePicture: author.profilePicture,
    attempt: input.attempt ?? null,
    replyToId: input.replyToId ?? null,
    ...(input.mentions && input.mentions.length > 0 ? { mentions: input.mentions } : {}),
  };
}
