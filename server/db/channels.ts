import type { Database } from './client';

/**
 * Every LISTEN/NOTIFY channel the server uses, named once, with the payload it carries encoded and
 * decoded here (what each one is for: docs/architecture.md). `decode` answers null for a payload
 * it does not understand; each listener says what that means to it.
 */
export type Channel<T> = {
  readonly name: string;
  encode(message: T): string;
  decode(payload: string): T | null;
};

/** A new chat message, by its id: a process that already has it reads nothing. */
export const chatChannel: Channel<number> = {
  name: 'tribe36_chat',
  encode: (id) => String(id),
  decode: (payload) => (/^\d+$/.test(payload) ? Number(payload) : null),
};

/** Room ids are at most 15 digits: this many fit in one NOTIFY payload (under 8000 bytes) with room to spare. */
const MAX_REMOVED_IDS = 400;

/**
 * Chat messages deleted (an attempt deleted, issue 18), by their ids; an empty list (also sent for
 * more ids than one payload holds) says only "the room changed": read the page again.
 */
export const chatRemovedChannel: Channel<number[]> = {
  name: 'tribe36_chat_removed',
  encode: (ids) => (ids.length > MAX_REMOVED_IDS ? '' : ids.join(',')),
  decode: (payload) =>
    payload === '' ? [] : /^\d+(,\d+)*$/.test(payload) ? payload.split(',').map(Number) : null,
};

/**
 * Chat messages their authors edited (decision 53), by their ids: every process reads them again, puts
 * them in its page and sends `message-edited` to its streams. An empty list: read the page again.
 */
export const chatEditedChannel: Channel<number[]> = {
  name: 'tribe36_chat_edited',
  encode: chatRemovedChannel.encode,
  decode: chatRemovedChannel.decode,
};

/**
 * Sessions and users to forget: a logout ends one session (`s:` and its token's hash); a reset,
 * a password, profile or admin change concerns a user (`u:` and the user's id).
 */
export type AuthMessage = { session: string } | { user: string };

export const authChannel: Channel<AuthMessage> = {
  name: 'tribe36_auth',
  encode: (m) => ('session' in m ? 's:' + m.session : 'u:' + m.user),
  decode(payload) {
    if (payload.startsWith('s:')) return { session: payload.slice(2) };
    if (payload.startsWith('u:')) return { user: payload.slice(2) };
    return null;
  },
};

/** The number of members may have changed: read it again (the count is not in the payload). */
export const membersChannel: Channel<null> = {
  name: 'tribe36_members',
  encode: () => '',
  decode: () => null,
};

/**
 * A member's lesson progress changed (their id), or everyone's unread marks may have (''): each
 * process forgets the answers it keeps (server/storage/progress-cache.ts).
 */
export const progressChannel: Channel<string> = {
  name: 'tribe36_progress',
  encode: (user) => user,
  decode: (payload) => (payload === '' || /^[0-9a-f-]{36}$/.test(payload) ? payload : null),
};

/**
 * A member's standing on the leaderboard may have changed (their id), or everyone's ('': the time
 * zone): sent by the database's own triggers (migrations 0028, 0029) on attempts, lessons done,
 * members and the time zone; each process works that member, or the whole board, out again
 * (server/modules/leaderboard/leaderboard.cache.ts, decision 83).
 */
export const leaderboardChannel: Channel<string> = {
  name: 'tribe36_leaderboard',
  encode: (user) => user,
  decode: (payload) => (payload === '' || /^[0-9a-f-]{36}$/.test(payload) ? payload : null),
};

/**
 * A member's drills list may have changed (their id), or every member's ('': the time zone, a coach, a
 * drill itself): sent by the database's triggers (migration 0030); each process forgets what it keeps
 * for GET /api/assignments (server/modules/assignments/assignments.cache.ts, decision 81).
 */
export const drillsChannel: Channel<string> = {
  name: 'tribe36_drills',
  encode: (user) => user,
  decode: (payload) => (payload === '' || /^[0-9a-f-]{36}$/.test(payload) ? payload : null),
};

/** NOTIFYs `message` on `channel`. */
export function notify<T>(
  database: Pick<Database, 'notify'>,
  channel: Channel<T>,
  message: T,
): Promise<void> {
  return database.notify(channel.name, channel.encode(message));
}

/** LISTENs on `channel`, handing `listener` each payload decoded; returns the unsubscribe function. */
export function listen<T>(
  database: Pick<Database, 'listen'>,
  channel: Channel<T>,
  listener: (message: T | null) => void,
): Promise<() => Promise<void>> {
  return database.listen(channel.name, (payload) => listener(channel.decode(payload)));
}

/**
 * Notifications (decision 56): new ones, each as its member's id and the notification's id (`n` and
 * `user:id` pairs, comma-separated), or a member's read marker (`r` and the member's id: their unread
 * count changed). Every process's hub reads a new notification once for the members it has listeners
 * for. A batch for many members is sent in several payloads of at most NOTIFICATION_IDS_PER_PAYLOAD
 * pairs (about 48 bytes each, well under NOTIFY's 8000 bytes).
 */
export type NotificationMessage =
  { type: 'created'; items: { userId: string; id: number }[] } | { type: 'read'; userId: string };

export const NOTIFICATION_IDS_PER_PAYLOAD = 100;

const NOTIFICATION_PAIR = /^([0-9a-f-]{36}):(\d{1,16})$/;

export const notificationsChannel: Channel<NotificationMessage> = {
  name: 'tribe36_notifications',
  encode: (m) =>
    m.type === 'read' ? `r ${m.userId}` : `n ${m.items.map((i) => `${i.userId}:${i.id}`).join(',')}`,
  decode(payload) {
    if (payload.startsWith('r ')) {
      const userId = payload.slice(2);
      return /^[0-9a-f-]{36}$/.test(userId) ? { type: 'read', userId } : null;
    }
    if (!payload.startsWith('n ')) return null;
    const items: { userId: string; id: number }[] = [];
    for (const pair of payload.slice(2).split(',')) {
      const m = NOTIFICATION_PAIR.exec(pair);
      if (!m) return null;
      items.push({ userId: m[1]!, id: Number(m[2]) });
    }
    return { type: 'created', items };
  },
};
