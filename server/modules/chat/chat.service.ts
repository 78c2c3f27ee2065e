import type { ChatMessage, PostChatMessageBody } from '../../../common/contracts/chat';
import type { NotificationProducers } from '../../notifications/producers';
import type { PreparedRecipients } from '../../notifications/notifications.service';
import type { ChatMessageFacts, ChatRepository } from '../../db/repositories/chat.repository';
import type { Db } from '../../db/client';
import type { AuditLog } from '../../audit/audit-log';
import { authorize } from '../../policies';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError } from '../../lib/errors';
import type { RateEventStore } from '../../lib/rate-event-store';
import { chatPostLimiter } from '../../lib/post-limits';
import { familyOf, type MediaFamily } from '../../lib/sniff';
import { mediaIdFromUrl } from '../../../common/media-url';
import type { MediaStore } from '../../storage/media-store';
import type { Actor } from '../../storage/session-store';
import {
  authoredChatRecord,
  presentChatMessage,
  presentRemovedChatMessage,
} from '../../presenters/chat.presenter';
import type { Hidden } from '../../storage/block-store';
import type { ChatFeed } from './chat.feed';
import { excerptOf, mentionedHandles } from '../../../common/mentions';
import type { MentionTarget } from '../../db/repositories/mentions.repository';
import type { NotificationTarget } from '../../../common/contracts/notifications';

/** A notification to make (`ctx.notifications.create`, decision 56), as this service makes them. */
export type MentionNotice = {
  userId: string;
  kind: 'mention' | 'discussion-reply';
  actorId: string | null;
  target: NotificationTarget;
  source: string;
  excerpt: string | null;
};

type Deps = {
  repo: ChatRepository;
  feed: ChatFeed;
  media: MediaStore;
  /** Where posts are counted for the rate limit (shared by every process on PostgreSQL). */
  limits: RateEventStore;
  now?: () => number;
  /** The moderation audit, written in the removal's transaction (decision 53). */
  audit: Pick<AuditLog, 'record'>;
  /** Runs `fn` in one database transaction. */
  transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
  /** Deletes an attempt (an 'attempt' message deleted), as DELETE /api/attempts/{id} does. */
  removeAttempt: (actor: Actor, attemptId: string, reason?: string) => Promise<void>;
  /** After messages went: the attempts they were a coach's first reply to are worked out again (decision 52). */
  repliesRemoved: (removed: { chat: readonly number[] }) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
  /** The authors a viewer blocks, left out of what they read (decision 55). */
  hidden?: (viewerId: string) => Promise<Hidden | undefined>;
  /** The members handles name who may be mentioned (decision 57). */
  mentionTargets?: (handles: readonly string[]) => Promise<MentionTarget[]>;
  /** Makes notifications (decision 56); never throws for a notification's problem. */
  notify?: (items: MentionNotice[], prepared?: PreparedRecipients) => Promise<unknown>;
  /** Starts reading the mentioned members' choices while the message is stored (decision 56). */
  prepareMentions?: (userIds: readonly string[], actorId: string) => PreparedRecipients;
  /** Tells an attempt's author of a coach's reply, and a member of a coach's removal (decision 56). */
  produce?: Pick<NotificationProducers, 'coachPosted' | 'messageRemoved'>;
};

const NOT_FOUND = 'Message not found';
/** How many of their removed messages a member's view of the room shows (decision 53). */
const REMOVED_SHOWN = 100;

const FAMILY_OF_TYPE: Record<Exclude<ChatMessage['messageType'], 'text' | 'attempt'>, MediaFamily> = {
  photo: 'image',
  video: 'video',
  voice: 'audio',
};

/** The community room's rules: who may read and post, what a message may hold, how often. */
export function chatService({
  repo,
  feed,
  media,
  limits,
  now = Date.now,
  audit,
  transaction,
  removeAttempt,
  repliesRemoved,
  log,
  hidden = async () => undefined,
  mentionTargets = async () => [],
  notify = async () => undefined,
  prepareMentions,
  produce,
}: Deps) {
  const limiter = chatPostLimiter(limits, now);

  /** The members a text message mentions (decision 57); other kinds mention nobody. */
  async function mentionsIn(messageType: string, content: string): Promise<MentionTarget[]> {
    if (messageType !== 'text') return [];
    const handles = mentionedHandles(content);
    return handles.length === 0 ? [] : mentionTargets(handles);
  }

  /** Tells `members` that `author`'s message `id` mentions them (decision 57). */
  async function notifyMentioned(
    author: string,
    id: number,
    content: string,
    members: MentionTarget[],
    prepared?: PreparedRecipients,
  ) {
    if (members.length === 0) return;
    await notify(
      members.map((m) => ({
        userId: m.id,
        kind: 'mention' as const,
        actorId: author,
        target: { type: 'chat' as const, messageId: id },
        source: `chat-${id}`,
        excerpt: excerptOf(content),
      })),
      prepared,
    ).catch((err: unknown) => log?.warn({ err, id }, 'mention notifications failed'));
  }

  /** A message that stands (not deleted, not removed by a coach), or 404. */
  async function standing(id: number): Promise<ChatMessageFacts> {
    const found = await repo.facts(id);
    if (!found || found.removedAt !== null) throw new AppError('not_found', NOT_FOUND);
    return found;
  }

  /** A photo, video or voice message's file, removed unless something else shows it. */
  async function removeMediaOf(message: ChatMessageFacts) {
    if (message.messageType === 'text' || message.messageType === 'attempt') return;
    const mediaId = mediaIdFromUrl(message.content);
    if (!mediaId || (await repo.mediaUsedElsewhere(message.content, mediaId, message.id))) return;
    await media
      .remove(mediaId)
      .catch((err: unknown) => log?.warn({ err, mediaId }, 'a message’s file could not be removed'));
  }

  return {
    list: async (actor: Actor) => feed.newest(await hidden(actor.user.id)),
    after: async (actor: Actor, id: number) => feed.after(id, await hidden(actor.user.id)),
    before: async (actor: Actor, id: number) => feed.before(id, await hidden(actor.user.id)),

    async post(actor: Actor, input: PostChatMessageBody): Promise<ChatMessage> {
      if (input.messageType !== 'text') {
        // A photo, video or voice message points at this member's own upload of that kind.
        const family = FAMILY_OF_TYPE[input.messageType];
        const id = mediaIdFromUrl(input.content);
        const row = id ? await media.find(id) : null;
        if (
          !row ||
          row.kind !== 'chat' ||
          row.ownerId !== actor.user.id ||
          familyOf(row.contentType) !== family
        ) {
          throw new AppError(
            'bad_request',
            `content must be the URL of your own uploaded ${family === 'audio' ? 'audio' : family} file for a ${input.messageType} message`,
          );
        }
      }
      if (input.replyToId !== undefined && !(await repo.exists(input.replyToId))) {
        throw new AppError('bad_request', 'replyToId must be the id of a message in the room');
      }
      await limiter.hit(actor.user.id);
      const mentioned = await mentionsIn(input.messageType, input.content);
      // What their notifications need is read while the message is stored, not after (decision 56).
      const prepared =
        mentioned.length > 0
          ? prepareMentions?.(
              mentioned.map((m) => m.id),
              actor.user.id,
            )
          : undefined;
      const record = await feed
        .publish(async () =>
          authoredChatRecord(
            await repo.insert({
              userId: actor.user.id,
              content: input.content,
              messageType: input.messageType,
              ...(input.replyToId === undefined ? {} : { replyToId: input.replyToId }),
              // A coach's reply to an attempt answers it, in the same statement (decision 52).
              coach: actor.isAdmin,
              mentions: mentioned.map((m) => m.id),
            }),
            { ...input, mentions: mentioned.map((m) => ({ username: m.username, name: m.name })) },
            actor.user,
          ),
        )
        .catch((err: unknown) => {
          // The message replied to was deleted meanwhile.
          if (isForeignKeyViolation(err)) {
            throw new AppError('bad_request', 'replyToId must be the id of a message in the room');
          }
          throw err;
        });
      await notifyMentioned(actor.user.id, record.id, input.content, mentioned, prepared);
      if (input.replyToId !== undefined) {
        await produce?.coachPosted(actor, {
          kind: 'chat',
          id: record.id,
          text: input.messageType === 'text' ? input.content : '',
        });
      }
      return presentChatMessage(record);
    },

    /**
     * Its author edits a text message (decision 53): the new content, `editedAt`, and every stream on
     * every process is sent `message-edited`. Photo, video, voice and attempt messages are not edited
     * (400): their content is a file, or an attempt's caption, posted again to change it.
     */
    async edit(actor: Actor, id: number, content: string): Promise<ChatMessage> {
      const message = await standing(id);
      authorize(actor, 'message.edit', message);
      if (message.messageType !== 'text') {
        throw new AppError(
          'bad_request',
          'Only a text message can be edited: delete this one and post it again',
        );
      }
      const mentioned = await mentionsIn(message.messageType, content);
      if (
        !(await repo.edit(
          id,
          content,
          mentioned.map((m) => m.id),
        ))
      ) {
        throw new AppError('not_found', NOT_FOUND);
      }
      await feed.edited([id]);
      // Only the members the edit adds are told; a handle removed and added again is not told twice
      // (one notification per member and source).
      const before = new Set(message.mentions);
      await notifyMentioned(
        actor.user.id,
        id,
        content,
        mentioned.filter((m) => !before.has(m.id)),
      );
      const [record] = await repo.byIds([id]);
      if (!record) throw new AppError('not_found', NOT_FOUND);
      return presentChatMessage(record);
    },

    /**
     * Deletes a message: its author's goes for good; a coach's removal of someone else's leaves its
     * author a tombstone ('Removed by a coach', with `reason`) and an audit entry with what it said
     * (decision 53). Either way it leaves every other view at once (`message-deleted` on every
     * stream), its file goes unless something else shows it, and an attempt message deletes its
     * attempt.
     */
    async remove(actor: Actor, id: number, reason?: string): Promise<void> {
      const message = await standing(id);
      authorize(actor, 'message.delete', message);
      if (message.messageType === 'attempt' && message.attemptId !== null) {
        await removeAttempt(actor, message.attemptId, reason);
        return;
      }
      if (message.userId === actor.user.id) {
        if (!(await repo.delete(id))) throw new AppError('not_found', NOT_FOUND);
      } else {
        const done = await transaction(async (tx) => {
          if (!(await repo.tombstone(id, actor.user.id, reason ?? null, tx))) return false;
          await audit.record(
            actor,
            {
              action: 'message.removed',
              target: { id: message.userId, username: message.username },
              subject: { kind: 'chat', ref: id },
              reason: reason ?? null,
              details: { messageType: message.messageType, content: message.content },
            },
            tx,
          );
          return true;
        });
        if (!done) throw new AppError('not_found', NOT_FOUND);
        await produce?.messageRemoved(
          actor,
          {
            kind: 'chat',
            id,
            userId: message.userId,
            content: message.messageType === 'text' ? message.content : '',
          },
          reason,
        );
      }
      await feed.removed([id]);
      await repliesRemoved({ chat: [id] });
      await removeMediaOf(message);
    },

    /** The member's own messages that coaches removed (their tombstones), newest 100, oldest first. */
    async removedOfMine(actor: Actor): Promise<ChatMessage[]> {
      return (await repo.removedOf(actor.user.id, REMOVED_SHOWN)).map(presentRemovedChatMessage);
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
