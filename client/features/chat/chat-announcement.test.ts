import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@common/contracts/chat';
import { announcementOf } from './chat-announcement';

const message = (messageType: ChatMessage['messageType'], content: string): ChatMessage => ({
  id: 1,
  content,
  messageType,
  createdAt: '2026-01-01T00:00:00.000Z',
  user: { name: 'Alice Runner', username: 'alice', profilePicture: null },
  attempt: null,
});

describe('announcementOf', () => {
  it('reads a text message as its sender and words', () => {
    expect(announcementOf(message('text', 'See you at 6'))).toBe('Alice Runner: See you at 6');
  });

  it('says what a media message is, not its address', () => {
    expect(announcementOf(message('photo', '/api/media/x'))).toBe('Photo from Alice Runner');
    expect(announcementOf(message('video', '/api/media/x'))).toBe('Video from Alice Runner');
    expect(announcementOf(message('voice', '/api/media/x'))).toBe('Voice message from Alice Runner');
  });
});
