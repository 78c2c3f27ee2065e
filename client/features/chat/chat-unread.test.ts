import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@common/contracts/chat';
import { dividerIdOf, newMessagesLabel } from './use-chat-unread';

const message = (id: number, username: string): ChatMessage => ({
  id,
  content: `m${id}`,
  messageType: 'text',
  createdAt: new Date(0).toISOString(),
  user: { name: username, username, profilePicture: null },
  attempt: null,
  mentions: [],
});

describe('the unread divider', () => {
  it('says how many are new', () => {
    expect(newMessagesLabel(1)).toBe('1 new message');
    expect(newMessagesLabel(12)).toBe('12 new messages');
    expect(newMessagesLabel(1000)).toBe('999+ new messages');
  });

  it('goes above the first unread message held that is not mine, and waits while it is not loaded', () => {
    const held = [message(5, 'ann'), message(6, 'me'), message(7, 'me'), message(8, 'bob')];
    const opening = (firstUnreadId: number | null) => ({ lastReadId: 5, unread: 1, firstUnreadId });
    expect(dividerIdOf(opening(8), held, 'me', false)).toBe(8);
    // My own messages after the position are skipped (the server does not count them either).
    expect(dividerIdOf(opening(6), held, 'me', false)).toBe(8);
    // Older than the page held: no divider until the page that holds it is loaded.
    expect(dividerIdOf(opening(3), held, 'me', true)).toBeNull();
    expect(dividerIdOf(opening(3), held, 'me', false)).toBe(5);
    expect(dividerIdOf(opening(null), held, 'me', false)).toBeNull();
    expect(dividerIdOf(null, held, 'me', false)).toBeNull();
  });
});
