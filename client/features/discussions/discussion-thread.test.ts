import { describe, expect, it } from 'vitest';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { withMessage } from './discussion-thread';

const message = (id: number): DiscussionMessage => ({
  id,
  text: `message ${id}`,
  createdAt: new Date(2025, 0, 1, 12, 0, id).toISOString(),
  user: { name: 'Zelda', username: 'zelda', profilePicture: null },
  videoSeconds: null,
  attempt: null,
});

describe('withMessage', () => {
  it('adds a message at its place, oldest first', () => {
    expect(withMessage([message(1), message(3)], message(4)).map((m) => m.id)).toEqual([1, 3, 4]);
    expect(withMessage([message(1), message(3)], message(2)).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(withMessage(undefined, message(7)).map((m) => m.id)).toEqual([7]);
  });

  it('keeps the same list when the message is already held', () => {
    const held = [message(1), message(2)];
    expect(withMessage(held, message(2))).toBe(held);
  });
});
