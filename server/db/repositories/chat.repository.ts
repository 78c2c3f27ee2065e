import { asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { authorColumns } from './users.repository';
import { chatMessages, users } from '../schema';

/** A message with what the room shows of its sender. */
export type ChatMessageRecord = {
  id: number;
  userId: string;
  content: string;
  messageType: 'text' | 'photo' | 'video' | 'voice';
  createdAt: Date;
  name: string;
  username: string;
  profilePicture: string | null;
};

/** Drizzle queries on chat messages only. */
export function chatRepository(db: Db) {
  const select = () =>
    db
      .select({
        id: chatMessages.id,
        userId: chatMessages.userId,
        content: chatMessages.content,
        messageType: chatMessages.messageType,
        createdAt: chatMessages.createdAt,
        ...authorColumns,
      })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId));

  return {
    /** The newest `limit` messages, oldest first. */
    async newest(limit: number): Promise<ChatMessageRecord[]> {
      return (await select().orderBy(desc(chatMessages.id)).limit(limit)).reverse();
    },
    /** Messages after `id`, oldest first. */
    async after(id: number, limit: number): Promise<ChatMessageRecord[]> {
      return select().where(gt(chatMessages.id, id)).orderBy(asc(chatMessages.id)).limit(limit);
    },
    /** The `limit` messages before `id`, oldest first. */
    async before(id: number, limit: number): Promise<ChatMessageRecord[]> {
      return (
        await select().where(lt(chatMessages.id, id)).orderBy(desc(chatMessages.id)).limit(limit)
      ).reverse();
    },
    async insert(row: { userId: string; content: string; messageType: ChatMessageRecord['messageType'] }) {
      const [created] = await db
        .insert(chatMessages)
        .values(row)
        .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
      return created!;
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
