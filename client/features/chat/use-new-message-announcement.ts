import { useState } from 'react';
import type { ChatMessage } from '@common/contracts/chat';

/** What a screen reader is told of a message: who sent it, and its text or what it is. */
export function announcementOf(message: ChatMessage): string {
  const { name } = message.user;
  if (message.messageType === 'photo') return `Photo from ${name}`;
  if (message.messageType === 'video') return `Video from ${name}`;
  if (message.messageType === 'voice') return `Voice message from ${name}`;
  return `${name}: ${message.content}`;
}

/** The newest announcement, keyed by its message so that the same words twice are read twice. */
export type Announcement = { id: number; text: string } | null;

/**
 * What the room's polite live region says: the newest of the messages that others sent since the
 * list was first loaded. The list itself is not live (its relative times tick, and older pages are
 * added above), so nothing else is read out. The member's own messages are not announced: they
 * just wrote them. Returns null until there is something to say.
 */
export function useNewMessageAnnouncement(
  messages: readonly ChatMessage[] | undefined,
  username: string,
): Announcement {
  // The newest id seen, and what was last said: derived while rendering, as React recommends for
  // state that follows props, so that no render shows a stale announcement.
  const [seen, setSeen] = useState<{ newestId: number | null; said: Announcement }>({
    newestId: null,
    said: null,
  });
  if (!messages) return seen.said;
  const newest = messages.at(-1)?.id ?? 0;
  if (seen.newestId === null) {
    setSeen({ newestId: newest, said: null });
    return null;
  }
  if (newest <= seen.newestId) return seen.said;
  const fresh = messages.filter((m) => m.id > seen.newestId! && m.user.username !== username).at(-1);
  const said = fresh ? { id: fresh.id, text: announcementOf(fresh) } : seen.said;
  setSeen({ newestId: newest, said });
  return said;
}
