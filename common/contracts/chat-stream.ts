/**
 * GET /api/chat/community/stream (Server-Sent Events): one `message` event per new message (`id:`
 * the message id, `data:` its JSON, as `chatMessage` in ./chat), comment heartbeats, the named
 * events below (`members`, `message-deleted`), and this
 * named event last when the member's session ends (logout, password reset, expiry, on any server
 * process): the client then stops reconnecting and behaves as signed out.
 */
export const SESSION_ENDED_EVENT = 'session-ended';

/**
 * The stream's named event with the number of members, `data: {"count": N}` (as
 * `memberCountResponse` in ./auth): sent when the stream opens and whenever someone joins or
 * deletes their account, on any server process.
 */
export const MEMBERS_EVENT = 'members';

/**
 * The stream's named event for a message deleted (issue 18: an attempt deleted by its author or an
 * admin, or with its author's account), `data: {"id": N}`, on any server process: the client removes
 * the message with that id. No `id:` line, so a reconnecting stream keeps its place.
 */
export const MESSAGE_DELETED_EVENT = 'message-deleted';

/**
 * The stream's named event for a message its author edited (decision 53), `data:` the message as it
 * now is (as `chatMessage` in ./chat, with `editedAt`), on any server process: the client replaces
 * the message with that id, if it holds it. No `id:` line.
 */
export const MESSAGE_EDITED_EVENT = 'message-edited';
