import type { ChatMessage, PostChatMessageBody } from '../../../common/contracts/chat';
import type { ChatRepository } from '../../db/repositories/chat.repository';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError } from '../../lib/errors';
import type { RateEventStore } from '../../lib/rate-event-store';
import { chatPostLimiter } from '../../lib/post-limits';
import { familyOf, type MediaFamily } from '../../lib/sniff';
import { mediaIdFromUrl } from '../../../common/media-url';
import type { MediaStore } from '../../storage/media-store';
import type { Actor } from '../../storage/session-store';
import { authoredChatRecord, presentChatMessage } from '../../presenters/chat.presenter';
import type { ChatFeed } from './chat.feed';

type Deps = {
  repo: ChatRepository;
  feed: ChatFeed;
  media: MediaStore;
  /** Where posts are counted for the rate limit (shared by every process on PostgreSQL). */
  limits: RateEventStore;
  now?: () => number;
};

const FAMILY_OF_TYPE: Record<Exclude<ChatMessage['messageType'], 'text' | 'attempt'>, MediaFamily> = {
  photo: 'image',
  video: 'video',
  voice: 'audio',
};

/** The community room's rules: who may read and post, what a message may hold, how often. */
export function chatService({ repo, feed, media, limits, now = Date.now }: Deps) {
  const limiter = chatPostLimiter(limits, now);

  return {
    list: (_actor: Actor) => feed.newest(),
    after: (_actor: Actor, id: number) => feed.after(id),
    before: (_actor: Actor, id: number) => feed.before(id),

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
            }),
            input,
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
      return presentChatMessage(record);
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
