import { CHAT_UNREAD_MAX, type ChatReadPosition } from '../../../common/contracts/chat-reads';
import type { ChatReadsRepository } from '../../db/repositories/chat-reads.repository';
import type { Hidden } from '../../storage/block-store';
import type { Actor } from '../../storage/session-store';

type Deps = {
  repo: ChatReadsRepository;
  /** The authors a viewer blocks: their messages never count as unread (decision 55). */
  hidden?: (viewerId: string) => Promise<Hidden | undefined>;
};

/** Where each member stopped reading the community chat, and what is unread after it (decision 59). */
export function chatReadsService({ repo, hidden = async () => undefined }: Deps) {
  async function positionOf(actor: Actor, lastReadId: number | null): Promise<ChatReadPosition> {
    if (lastReadId === null) return { lastReadId: null, unread: 0, firstUnreadId: null };
    const blocked = [...((await hidden(actor.user.id))?.ids ?? [])];
    const { unread, firstUnreadId } = await repo.unread(
      actor.user.id,
      lastReadId,
      blocked,
      CHAT_UNREAD_MAX + 1,
    );
    return { lastReadId, unread, firstUnreadId };
  }

  return {
    /** GET /api/chat/community/read. */
    get: async (actor: Actor) => positionOf(actor, await repo.lastRead(actor.user.id)),
    /** PUT /api/chat/community/read: forward only, clamped to the newest message. */
    advance: async (actor: Actor, id: number) => positionOf(actor, await repo.advance(actor.user.id, id)),
  };
}

export type ChatReadsService = ReturnType<typeof chatReadsService>;
