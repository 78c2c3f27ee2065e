import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MEMBERS_EVENT } from '../../../common/contracts/chat-stream';
import { liveQuery } from '../../../common/contracts/live';
import { NOTIFICATION_EVENT, NOTIFICATIONS_READ_EVENT } from '../../../common/contracts/notifications';
import { isDiscussionThread } from '../../../common/curriculum';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { endWithSession, namedEventFrame, openSse, streamHead } from '../../lib/sse';
import { actorOf, requireMember } from '../../plugins/session-cookie';

/** A stream whose client stops reading is ended once this much waits for it (as the chat's). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const chatPlace = (raw: string | undefined): number | null =>
  raw !== undefined && /^\d{1,15}$/.test(raw) ? Number(raw) : null;

/**
 * GET /api/live (decision 58): the tab's one live connection — the member's notifications always, the chat
 * with `chat=1`, a lesson discussion with `discussion=thinkTank/topic/lesson`. GET
 * /api/chat/community/stream is the same stream with the chat on (the path it had first; old clients,
 * tests and bench/chat-live.ts use it).
 */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stream = { onRequest: requireMember, config: { longLived: true } };

  /** Opens the stream with `topics`. */
  async function open(
    request: FastifyRequest,
    reply: FastifyReply,
    topics: { chat: boolean; thread?: string; lastEventId: number | null },
  ) {
    if (request.method === 'HEAD') return streamHead(reply);
    const actor = actorOf(request);
    const viewer = actor.user.id;
    // Its viewer's blocks, read from the database before the stream answers (and kept in memory), so
    // that a block made on another process a moment ago, not yet announced here, holds for its backlog.
    await ctx.blocks.refresh(viewer).catch(() => undefined);
    // The member count is known before the stream joins, and sent in the same tick as it joins:
    // every later change reaches it as a broadcast, after this one.
    if (topics.chat) await ctx.memberCount.current().catch(() => undefined);
    const sse = openSse(request, reply);
    const hidden = () => ctx.blocks.peek(viewer);
    const closers: Array<() => void> = [ctx.presence.opened(viewer)];
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      for (const close of closers.splice(0)) close();
    };
    if (topics.chat) {
      // Each message's bytes are made once for every stream (chat.feed.ts) and written straight to the
      // socket; its viewer's blocks are read from memory at each write (decision 55).
      closers.push(
        await ctx.chatFeed.subscribe(
          { send: sse.send, hidden, buffered: sse.buffered, end: sse.end },
          topics.lastEventId,
        ),
      );
      const members = ctx.memberCount.peek();
      if (members !== undefined && !sse.closed) sse.send(namedEventFrame(MEMBERS_EVENT, { count: members }));
    }
    closers.push(
      ctx.live.subscribe({
        viewer,
        ...(topics.thread !== undefined ? { thread: topics.thread } : {}),
        heartbeat: !topics.chat,
        send: sse.send,
        buffered: sse.buffered,
        end: sse.end,
        hidden,
      }),
    );
    // The member's notifications (decision 56), as named events.
    closers.push(
      ctx.notifications.subscribe(viewer, (event) => {
        if (sse.buffered() > MAX_BUFFERED_BYTES) return sse.end();
        sse.send(
          event.type === 'notification'
            ? namedEventFrame(NOTIFICATION_EVENT, event.data)
            : namedEventFrame(NOTIFICATIONS_READ_EVENT, event.data),
        );
      }),
    );
    // The stream ends with its session (logout, password reset, expiry, on any server): the client is
    // told so and behaves as signed out instead of reconnecting.
    closers.push(
      ctx.sessions.watch(actor, () => {
        stop();
        endWithSession(reply);
      }),
    );
    sse.onClose(stop); // at once when it went while the backlog was read
  }

  r.get('/api/live', { ...stream, schema: { querystring: liveQuery } }, async (request, reply) => {
    const { chat, discussion, lastEventId } = request.query;
    if (discussion !== undefined) {
      const [thinkTank = '', topic = '', lesson = ''] = discussion.split('/');
      if (!isDiscussionThread(thinkTank, topic, lesson)) {
        throw new AppError('bad_request', `discussion names no discussion thread: ${discussion}`);
      }
    }
    const header = request.headers['last-event-id'];
    const raw = Array.isArray(header) ? header[0] : header;
    await open(request, reply as FastifyReply, {
      chat,
      ...(discussion !== undefined ? { thread: discussion } : {}),
      lastEventId: chatPlace(raw) ?? chatPlace(lastEventId),
    });
  });

  app.get('/api/chat/community/stream', stream, async (request, reply) => {
    const header = request.headers['last-event-id'];
    const raw = Array.isArray(header) ? header[0] : header;
    await open(request, reply, { chat: true, lastEventId: chatPlace(raw) });
  });
}
