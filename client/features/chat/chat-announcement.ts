import type { ChatMessage } from '@common/contracts/chat';

/** What a screen reader is told of a new chat message: who sent it, and its text or what it is. */
export function announcementOf(message: ChatMessage): string {
  const { name } = message.user;
  if (message.messageType === 'photo') return `Photo from ${name}`;
  if (message.messageType === 'video') return `Video from ${name}`;
  if (message.messageType === 'voice') return `Voice message from ${name}`;
  return `${name}: ${message.content}`;
}
