import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@common/contracts/chat';
import { continuesRun, mergeMessages, newestId, oldestId } from './chat-messages';

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    content: `m${id}`,
    messageType: 'text',
    createdAt: new Date(Date.UTC(2025, 0, 1, 12, 0, id)).toISOString(),
    user: { name: 'Zelda', username: 'zelda', profilePicture: null },
    attempt: null,
    ...overrides,
  };
}

describe('mergeMessages', () => {
  it('appends newer messages and sorts them by id', () => {
    const merged = mergeMessages([message(1), message(2)], [message(5), message(3)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 5]);
  });

  it('puts older and interleaved messages in place, with no id twice', () => {
    const merged = mergeMessages([message(4), message(6)], [message(6), message(1), message(5), message(1)]);
    expect(merged.map((m) => m.id)).toEqual([1, 4, 5, 6]);
  });

  it('returns the list it was given when nothing is new', () => {
    const held = [message(1), message(2)];
    expect(mergeMessages(held, [])).toBe(held);
    expect(mergeMessages(held, [message(2), message(1)])).toBe(held);
  });

  it('gives the cursors', () => {
    expect(newestId([message(3), message(9)])).toBe(9);
    expect(oldestId([message(3), message(9)])).toBe(3);
    expect(newestId([])).toBeUndefined();
  });
});

describe('continuesRun', () => {
  it('groups the same sender within 5 minutes only', () => {
    const first = message(1, { createdAt: '2025-01-01T12:00:00.000Z' });
    expect(continuesRun(undefined, first)).toBe(false);
    expect(continuesRun(first, message(2, { createdAt: '2025-01-01T12:04:59.000Z' }))).toBe(true);
    expect(continuesRun(first, message(2, { createdAt: '2025-01-01T12:05:00.000Z' }))).toBe(false);
    const other = { name: 'Link', username: 'link', profilePicture: null };
    expect(continuesRun(first, message(2, { createdAt: first.createdAt, user: other }))).toBe(false);
  });

  it('never groups the messages of deleted members, who all have an empty username', () => {
    const deleted = { name: 'Deleted member', username: '', profilePicture: null };
    const first = message(1, { user: deleted });
    expect(continuesRun(first, message(2, { user: deleted }))).toBe(false);
  });
});
