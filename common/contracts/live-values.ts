// The values of ./live without its zod schemas, for the client (docs/decisions.md decision 67).

/**
 * GET /api/live (Server-Sent Events, decision 58): one connection per tab, carrying what the tab's pages
 * show. Always the member's notifications (NOTIFICATION_EVENT, NOTIFICATIONS_READ_EVENT in
 * ./notifications), `session-ended` (./chat-stream) when the session ends, comment heartbeats; with
 * `chat=1` exactly what GET /api/chat/community/stream sends (the room's messages with `id:` lines,
 * `members`, `message-deleted`, `message-edited`); with `discussion=<thinkTank>/<topic>/<lesson>` the
 * events below for that thread. Only chat messages carry `id:` lines, so the browser's Last-Event-ID
 * is always the chat's place. A fresh connection may say where the chat stopped with `lastEventId=`
 * (the header wins when both are there).
 */
export const LIVE_PATH = '/api/live';

/** `thinkTank/topic/lesson`, as `discussion=` spells it. */
export const threadKeyOf = (t: { thinkTank: string; topic: string; lesson: string }): string =>
  `${t.thinkTank}/${t.topic}/${t.lesson}`;

/**
 * A new message in the open discussion, `data: {thread, message}` (`message` as `discussionMessage`
 * in ./lessons). Never from a member the viewer blocks (decision 55).
 */
export const DISCUSSION_MESSAGE_EVENT = 'discussion-message';
/**
 * A message of the open discussion as it now is, `data: {thread, message}`: its author edited it, or
 * (to its author alone) a coach removed it, `message.removed` then saying so (its tombstone, decision 53).
 */
export const DISCUSSION_MESSAGE_EDITED_EVENT = 'discussion-message-edited';
/** A message that left the open discussion (deleted, or removed by a coach), `data: {thread, id}`. */
export const DISCUSSION_MESSAGE_DELETED_EVENT = 'discussion-message-deleted';
/** The open discussion was cleared by a coach, `data: {thread}`: it is empty now. */
export const DISCUSSION_CLEARED_EVENT = 'discussion-cleared';
/**
 * The open discussion may have changed in ways not sent one by one (events lost while the server's
 * database connection was down, an attempt's file gone), `data: {thread}`: read it again.
 */
export const DISCUSSION_CHANGED_EVENT = 'discussion-changed';
