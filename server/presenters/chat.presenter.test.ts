import { describe, expect, it } from 'vitest';
import type { ChatMessageRecord } from '../db/repositories/chat.repository';
import { authoredChatRecord, presentChatMessage } from './chat.presenter';

describe('chat message presenter', () => {
  const read: ChatMessageRecord = {
    id: 12,
    userId: 'u1',
    content: '/api/media/0f2b9c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
    messageType: 'photo',
    createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    name: 'Ann Runner',
    username: 'ann',
    profilePicture: null,
    attempt: null,
    replyToId: null,
  };

  it('presents a message with its author, never the author id', () => {
    expect(presentChatMessage(read)).toEqual({
      id: 12,
      content: read.content,
      messageType: 'photo',
      createdAt: '2026-01-02T03:04:05.000Z',
      user: { name: 'Ann Runner', username: 'ann', profilePicture: null },
      attempt: null,
    });
  });

  it('makes the record of a message just posted the same as the room reads it back', () => {
    const posted = authoredChatRecord(
      { id: 12, createdAt: read.createdAt },
      { content: read.content, messageType: 'photo' },
      { id: 'u1', name: 'Ann Runner', username: 'ann', profilePicture: null },
    );
    expect(posted).toEqual(read);
  });

  it('names the message a reply answers, and says nothing of it on other messages (issue 30)', () => {
    const reply = authoredChatRecord(
      { id: 13, createdAt: read.createdAt },
      { content: 'Knees out', messageType: 'text', replyToId: 12 },
      { id: 'u2', name: 'Coach', username: 'coach', profilePicture: null },
    );
    expect(presentChatMessage(reply)).toMatchObject({ id: 13, content: 'Knees out', replyToId: 12 });
    expect(presentChatMessage(read)).not.toHaveProperty('replyToId');
  });
});
