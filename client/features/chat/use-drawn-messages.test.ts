import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@common/contracts/chat';
import { DRAWN_STEP, FIRST_DRAWN, drawnFrom, nextDrawnFrom } from './use-drawn-messages';

const room = (ids: number[]): ChatMessage[] =>
  ids.map((id) => ({
    id,
    content: `m${id}`,
    messageType: 'text',
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString(),
    user: { name: 'Zelda', username: 'zelda', profilePicture: null },
    attempt: null,
  }));
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('drawnFrom: where the drawn list starts', () => {
  it('draws the newest FIRST_DRAWN of a full room as it opens', () => {
    const messages = room(ids(1, 100));
    expect(drawnFrom(messages, undefined, [])).toBe(100 - FIRST_DRAWN + 1);
  });

  it('draws all of a room that holds no more than that, and nothing before the room is loaded', () => {
    expect(drawnFrom(room(ids(1, FIRST_DRAWN)), undefined, [])).toBeNull();
    expect(drawnFrom(room([]), undefined, [])).toBeNull();
    expect(drawnFrom(undefined, undefined, [])).toBeNull();
  });

  it('always draws the unread divider’s message and a notification’s target, and what follows them', () => {
    const messages = room(ids(1, 100));
    expect(drawnFrom(messages, undefined, [40, null])).toBe(40);
    expect(drawnFrom(messages, undefined, [null, 70])).toBe(70);
    expect(drawnFrom(messages, 95, [undefined, 60])).toBe(60);
    // Older than anything held (an older page is on its way): all of it.
    expect(drawnFrom(room(ids(50, 100)), undefined, [10])).toBeNull();
  });

  it('keeps the start the member reached, and draws everything once it is null', () => {
    const messages = room(ids(1, 100));
    expect(drawnFrom(messages, 60, [])).toBe(60);
    expect(drawnFrom(messages, null, [])).toBeNull();
    expect(drawnFrom(room(ids(61, 120)), 60, [])).toBeNull();
  });
});

describe('nextDrawnFrom: each later step', () => {
  it('goes DRAWN_STEP older, then to all of them', () => {
    const messages = room(ids(1, 100));
    expect(nextDrawnFrom(messages, 89)).toBe(89 - DRAWN_STEP);
    expect(nextDrawnFrom(messages, DRAWN_STEP + 2)).toBe(2);
    expect(nextDrawnFrom(messages, DRAWN_STEP + 1)).toBeNull();
    expect(nextDrawnFrom(messages, 3)).toBeNull();
  });

  it('counts messages, not ids (ids have gaps where messages were deleted)', () => {
    const messages = room([2, 4, 6, 8, 10, ...ids(20, 60)]);
    // 50 is the 36th message held: 8 before it is the 28th, id 42; 25 is the 11th: 8 before it is
    // the 3rd, id 6; 10 is the 5th: the rest.
    expect(DRAWN_STEP).toBe(8);
    expect(nextDrawnFrom(messages, 50)).toBe(42);
    expect(nextDrawnFrom(messages, 25)).toBe(6);
    expect(nextDrawnFrom(messages, 10)).toBeNull();
  });
});
