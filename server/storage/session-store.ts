import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../common/constants';
import { authChannel, listen, notify, type AuthMessage } from '../db/channels';
import type { Database } from '../db/client';
import { sessionsRepository } from '../db/repositories/sessions.repository';
import { usersRepository } from '../db/repositories/users.repository';
import type { UserRow } from '../db/schema';
import { isAdminRow } from '../presenters/user.presenter';
import { activeSuspension } from '../policies/admission.policy';

/** Who is making a request: the member and their session, or null for a visitor. */
export type Actor = { user: UserRow; isAdmin: boolean; tokenHash: string };

const CACHE_TTL_MS = 5 * 60 * 1000;
const CACHE_MAX = 50_000;
const TOUCH_EVERY_MS = 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** How often open streams are checked against their session's expiry. */
const WATCH_SWEEP_MS = 1000;

type CachedSession = { userId: string; expiresAt: number; lastSeenAt: number; cachedAt: number };
type CachedUser = { row: UserRow; cachedAt: number };

/** A long-lived request (the chat stream) that must end as soon as its session does. */
type Watcher = {
  tokenHash: string;
  userId: string;
  /** When the session would expire (absolute or idle) as last known; checked again then. */
  deadline: number;
  checking: boolean;
  ended: boolean;
  onEnd: () => void;
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Sessions (docs/architecture.md "Live feed and sessions through NOTIFY" and docs/decisions.md decision 6): opaque random tokens, only their SHA-256 in the
 * database, cached in memory so that a request costs no query; a logout or a change to the user
 * invalidates the cache at once, in every process, through NOTIFY.
 */
export function createSessionStore(database: Database, adminEmails: ReadonlySet<string>) {
  const sessionsRepo = sessionsRepository(database.db);
  const usersRepo = usersRepository(database.db);
  const sessionCache = new Map<string, CachedSession>();
  const userCache = new Map<string, CachedUser>();
  const hashesByUser = new Map<string, Set<string>>();

  function forgetSession(tokenHash: string) {
    const s = sessionCache.get(tokenHash);
    if (!s) return;
    sessionCache.delete(tokenHash);
    const set = hashesByUser.get(s.userId);
    set?.delete(tokenHash);
    if (set?.size === 0) hashesByUser.delete(s.userId);
  }
  function forgetUser(userId: string) {
    userCache.delete(userId);
    for (const h of hashesByUser.get(userId) ?? []) sessionCache.delete(h);
    hashesByUser.delete(userId);
  }
  function remember(tokenHash: string, s: CachedSession) {
    if (sessionCache.size >= CACHE_MAX) {
      const oldest = sessionCache.keys().next().value;
      if (oldest !== undefined) forgetSession(oldest);
    }
    sessionCache.set(tokenHash, s);
    let set = hashesByUser.get(s.userId);
    if (!set) hashesByUser.set(s.userId, (set = new Set()));
    set.add(tokenHash);
  }
  const watchers = new Set<Watcher>();

  const deadlineOf = (s: { expiresAt: number; lastSeenAt: number }) =>
    Math.min(s.expiresAt, s.lastSeenAt + SESSION_IDLE_MS);

  function endWatcher(w: Watcher) {
    if (w.ended) return;
    w.ended = true;
    watchers.delete(w);
    w.onEnd();
  }

  /**
   * Asks the database whether a watched session still holds; ends the watcher when it does not.
   * When the database cannot answer, the watcher stays and is asked again at the next sweep.
   */
  async function recheck(w: Watcher) {
    if (w.checking || w.ended) return;
    w.checking = true;
    try {
      const row = await sessionsRepo.findByHash(w.tokenHash);
      const now = Date.now();
      if (!row) return endWatcher(w);
      const deadline = deadlineOf({
        expiresAt: row.expiresAt.getTime(),
        lastSeenAt: row.lastSeenAt.getTime(),
      });
      if (now >= deadline) return endWatcher(w);
      w.deadline = deadline;
    } catch {
      w.deadline = Date.now() + WATCH_SWEEP_MS;
    } finally {
      w.checking = false;
    }
  }

  function onMessage(message: AuthMessage | null) {
    if (!message) return;
    if ('session' in message) {
      const tokenHash = message.session;
      forgetSession(tokenHash);
      // Only a logout sends this: the session is gone.
      for (const w of watchers) if (w.tokenHash === tokenHash) endWatcher(w);
    } else {
      const userId = message.user;
      forgetUser(userId);
      // A reset ends every session of the user, a password change all but one, a profile edit
      // none: the database says which.
      for (const w of watchers) if (w.userId === userId) void recheck(w);
    }
  }
  async function broadcast(message: AuthMessage) {
    onMessage(message);
    await notify(database, authChannel, message).catch(() => {});
  }

  /**
   * The caches are kept true by NOTIFY: while notifications are not coming in, a logout on another
   * server would go unnoticed, so every check goes to the database (issue: database outage).
   */
  const cacheTrusted = () => database.notifications.isUp();

  /** The rules `resolve` and `peek` share: what the cache may answer, and when a session has ended. */
  const acceptedToken = (token: string) => token.length > 0 && token.length <= 200;
  const cachedSession = (tokenHash: string, now: number): CachedSession | undefined => {
    const s = sessionCache.get(tokenHash);
    return s && cacheTrusted() && now - s.cachedAt < CACHE_TTL_MS ? s : undefined;
  };
  const cachedUser = (userId: string, now: number): UserRow | undefined => {
    const cached = userCache.get(userId);
    return cached && cacheTrusted() && now - cached.cachedAt < CACHE_TTL_MS ? cached.row : undefined;
  };
  const ended = (s: CachedSession, now: number) =>
    now >= s.expiresAt || now - s.lastSeenAt >= SESSION_IDLE_MS;
  const touchDue = (s: CachedSession, now: number) => now - s.lastSeenAt >= TOUCH_EVERY_MS;
  const actorFor = (user: UserRow, tokenHash: string): Actor => ({
    user,
    isAdmin: isAdminRow(user, adminEmails),
    tokenHash,
  });

  async function loadUser(userId: string, now: number): Promise<UserRow | null> {
    const cached = cachedUser(userId, now);
    if (cached) return cached;
    const row = await usersRepo.findById(userId);
    if (row) {
      if (userCache.size >= CACHE_MAX) {
        const oldest = userCache.keys().next().value;
        if (oldest !== undefined) userCache.delete(oldest);
      }
      userCache.set(userId, { row, cachedAt: now });
    }
    return row;
  }

  let unlisten: (() => Promise<void>) | undefined;
  let unwatchNotifications: (() => void) | undefined;
  let cleanupTimer: NodeJS.Timeout | undefined;
  let watchTimer: NodeJS.Timeout | undefined;

  return {
    async start() {
      // Back after an outage: whatever was announced meanwhile was missed. Forget every cached
      // session and user, and ask the database about every watched stream.
      unwatchNotifications = database.notifications.onChange((up) => {
        if (!up) return;
        sessionCache.clear();
        userCache.clear();
        hashesByUser.clear();
        for (const w of watchers) void recheck(w);
      });
      unlisten = await listen(database, authChannel, onMessage);
      const cleanup = () => {
        const now = Date.now();
        void sessionsRepo.deleteExpired(new Date(now), new Date(now - SESSION_IDLE_MS)).catch(() => {});
      };
      cleanup();
      cleanupTimer = setInterval(cleanup, CLEANUP_EVERY_MS).unref();
      watchTimer = setInterval(() => {
        const now = Date.now();
        for (const w of watchers) if (now >= w.deadline) void recheck(w);
      }, WATCH_SWEEP_MS).unref();
    },
    async stop() {
      if (cleanupTimer) clearInterval(cleanupTimer);
      if (watchTimer) clearInterval(watchTimer);
      unwatchNotifications?.();
      watchers.clear();
      await unlisten?.().catch(() => {});
    },

    /**
     * Calls `onEnd` once, as soon as the actor's session ends by any route (logout, a password
     * reset or change, expiry) in any server process; returns the function that stops watching.
     * For requests that outlive the moment their session was checked: the chat stream.
     */
    watch(actor: Actor, onEnd: () => void): () => void {
      const cached = sessionCache.get(actor.tokenHash);
      const w: Watcher = {
        tokenHash: actor.tokenHash,
        userId: actor.user.id,
        deadline: cached ? deadlineOf(cached) : 0,
        checking: false,
        ended: false,
        onEnd,
      };
      watchers.add(w);
      // Dropped from the cache since it was resolved (a logout may have arrived meanwhile): ask now.
      if (!cached) void recheck(w);
      return () => {
        w.ended = true;
        watchers.delete(w);
      };
    },

    watchCount: () => watchers.size,

    /** Starts a session for a user: a new token every sign-in. Returns the cookie token. */
    async create(userId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const row = await sessionsRepo.insert({
        tokenHash,
        userId,
        expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      });
      remember(tokenHash, {
        userId,
        expiresAt: row.expiresAt.getTime(),
        lastSeenAt: row.lastSeenAt.getTime(),
        cachedAt: Date.now(),
      });
      return token;
    },

    /** The member behind a cookie token, or null when it is unknown, expired or idle too long. */
    async resolve(token: string): Promise<Actor | null> {
      if (!acceptedToken(token)) return null;
      const tokenHash = hashToken(token);
      const now = Date.now();
      let s = cachedSession(tokenHash, now);
      if (!s) {
        const row = await sessionsRepo.findByHash(tokenHash);
        if (!row) {
          forgetSession(tokenHash);
          return null;
        }
        s = {
          userId: row.userId,
          expiresAt: row.expiresAt.getTime(),
          lastSeenAt: row.lastSeenAt.getTime(),
          cachedAt: now,
        };
        remember(tokenHash, s);
      }
      if (ended(s, now)) {
        forgetSession(tokenHash);
        await sessionsRepo.deleteByHash(tokenHash).catch(() => false);
        return null;
      }
      if (touchDue(s, now)) {
        s.lastSeenAt = now;
        void sessionsRepo.touch(tokenHash, new Date(now)).catch(() => {});
      }
      const user = await loadUser(s.userId, now);
      if (!user) {
        forgetSession(tokenHash);
        return null;
      }
      // A suspended member is signed out (their sessions were deleted; one made since by a
      // password reset gives nothing either, decision 54).
      if (activeSuspension(user, now)) return null;
      return actorFor(user, tokenHash);
    },

    /**
     * The member behind a cookie token when memory alone gives `resolve`'s answer: a valid session
     * and its user, both cached and trusted, with nothing to write (no expiry to delete, no touch
     * due). Undefined in every other case, where `resolve` must run. Synchronous: the chat poll's
     * fast path (chat.poll-fast-path.ts).
     */
    peek(token: string): Actor | undefined {
      if (!acceptedToken(token)) return undefined;
      const tokenHash = hashToken(token);
      const now = Date.now();
      const s = cachedSession(tokenHash, now);
      if (!s || ended(s, now) || touchDue(s, now)) return undefined;
      const user = cachedUser(s.userId, now);
      return user && !activeSuspension(user, now) ? actorFor(user, tokenHash) : undefined;
    },

    /** Ends one session everywhere. */
    async revoke(tokenHash: string): Promise<void> {
      await sessionsRepo.deleteByHash(tokenHash);
      await broadcast({ session: tokenHash });
    },

    /** Ends every session of a user everywhere (password reset). */
    async revokeUser(userId: string): Promise<void> {
      await sessionsRepo.deleteForUser(userId);
      await broadcast({ user: userId });
    },

    /** Ends every other session of a user everywhere (password change), keeping `keepTokenHash`. */
    async revokeOthers(userId: string, keepTokenHash: string): Promise<void> {
      await sessionsRepo.deleteForUserExcept(userId, keepTokenHash);
      await broadcast({ user: userId });
    },

    /** Drops a user's cached row everywhere after it changed (profile, admin flag). */
    async userChanged(userId: string): Promise<void> {
      await broadcast({ user: userId });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
