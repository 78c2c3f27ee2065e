import { useState } from 'react';

/** What a message list's announcer needs of a message. */
type Announceable = { id: number; user: { username: string } };

/** The newest announcement, keyed by its message so that the same words twice are read twice. */
export type Announcement = { id: number; text: string } | null;

/**
 * What a message list's polite live region (NewMessageAnnouncer) says: the newest of the messages
 * that others sent since the list was first loaded, in the words of `describe`. The list itself
 * is not live (its relative times tick, older pages are added above), so nothing else is read
 * out. The member's own messages are not announced: they just wrote them. Null until there is
 * something to say.
 */
export function useNewMessageAnnouncement<M extends Announceable>(
  messages: readonly M[] | undefined,
  username: string | undefined,
  describe: (message: M) => string,
): Announcement {
  // The newest id seen and what was last said, derived while rendering (React's way for state
  // that follows props), so that no render shows a stale announcement.
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
  const after = seen.newestId;
  const fresh = messages.filter((m) => m.id > after && m.user.username !== username).at(-1);
  const said = fresh ? { id: fresh.id, text: describe(fresh) } : seen.said;
  setSeen({ newestId: newest, said });
  return said;
}
