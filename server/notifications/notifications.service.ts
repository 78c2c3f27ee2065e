import type { z } from 'zod';
import {
  DEFAULT_PREFERENCES,
  type markReadBody,
  type notificationsResponse,
  type EmailFrequency,
  type KindPreference,
  type NotificationKind,
  type NotificationTarget,
} from '../../common/contracts/notifications';
import { NOTIFICATION_IDS_PER_PAYLOAD, notificationsChannel, notify } from '../db/channels';
import type { Database } from '../db/client';
import type {
  NotificationInsert,
  NotificationsRepository,
  RecipientRow,
  RecipientWithChoices,
} from '../db/repositories/notifications.repository';
import type { NotificationRow } from '../db/schema';
import { activeSuspension } from '../policies/admission.policy';
import { presentNotification } from '../presenters/notification.presenter';
import type { Hidden } from '../storage/block-store';
import type { Actor } from '../storage/session-store';
import {
  createNotificationHub,
  type LocalDelivery,
  type NotificationListener,
  type NotificationLog,
  type NotificationStreamEvent,
} from './hub';
import { notificationProducers } from './producers';

export type { NotificationListener, NotificationStreamEvent };

type MarkReadBody = z.infer<typeof markReadBody>;
type NotificationsResponse = z.infer<typeof notificationsResponse>;
export type { NotificationRow };

/** One notification to make (decision 56): for whom, what, who caused it, where it leads, and why. */
export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  /** Who caused it; null when no member did. A member never notifies themself. */
  actorId: string | null;
  target: NotificationTarget;
  /** What caused it (`chat-<id>`, `attempt-<id>`…): one notification per member, kind and source. */
  source: string;
  excerpt: string | null;
};

/** What `prepare` started reading for `create` (opaque to callers). */
export type PreparedRecipients = {
  readonly kind: NotificationKind;
  readonly ids: ReadonlySet<string>;
  readonly rows: Promise<RecipientWithChoices[] | null>;
};

/** A notification for everyone of a group (the coaches, a lesson's readers): all but the recipient. */
export type GroupNotification = Omit<NewNotification, 'userId'>;

/** An excerpt is at most this many characters (with the ellipsis). */
export const EXCERPT_LENGTH = 140;

/** The first words of a text for a notification: spaces collapsed, cut at a word near 140 characters. */
export function excerptOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return null;
  const chars = [...flat];
  if (chars.length <= EXCERPT_LENGTH) return flat;
  const cut = chars.slice(0, EXCERPT_LENGTH - 1).join('');
  const space = cut.lastIndexOf(' ');
  return (space > EXCERPT_LENGTH * 0.6 ? cut.slice(0, space) : cut).trimEnd() + '…';
}

/** Whether every channel of a preference is off (then no notification is kept at all). */
function allOff(p: KindPreference): boolean {
  return !p.inApp && p.email === 'never' && !p.push;
}

export type NotificationsDeps = {
  database: Database;
  repo: NotificationsRepository;
  /** Whom each member blocks (decision 55): a recipient who blocks the actor gets nothing. */
  blocks: { hidden(viewerId: string): Promise<Hidden | undefined> };
  adminEmails: ReadonlySet<string>;
  now: () => number;
  log: NotificationLog;
};

/**
 * Notifications (decision 56): made by the actions that cause them (`create`, after the action
 * committed), kept per member, read and marked read through the API, and told at once to the member's
 * listeners on any process (the hub) and to this process's `onCreated` listeners (mail, push).
 */
export function notificationsService({ database, repo, blocks, adminEmails, now, log }: NotificationsDeps) {
  const hub = createNotificationHub(database, repo, log);
  const createdListeners = new Set<(rows: NotificationRow[]) => void>();

  /** A coach: `is_admin`, or a proven address of ADMIN_EMAILS (as isAdminRow of the user presenter). */
  function isCoach(r: RecipientRow): boolean {
    return r.isAdmin || (r.emailConfirmedAt !== null && adminEmails.has(r.email));
  }

  /** Whether a recipient may be notified: an account in good standing (not deleted, pending or suspended). */
  function reachable(r: RecipientRow): boolean {
    if (r.deletedAt !== null) return false;
    if (activeSuspension(r, now())) return false;
    return r.membership === 'active' || isCoach(r);
  }

  async function preferencesOf(
    userIds: readonly string[],
    kind: NotificationKind,
  ): Promise<Map<string, KindPreference>> {
    const rows = await repo.preferences(userIds, kind);
    const byUser = new Map(
      rows.map((r) => [
        r.userId,
        { inApp: r.inApp, email: r.email as EmailFrequency, push: r.push } satisfies KindPreference,
      ]),
    );
    return new Map(userIds.map((u) => [u, byUser.get(u) ?? { ...DEFAULT_PREFERENCES[kind] }]));
  }

  async function tellProcesses(rows: NotificationRow[]) {
    const items = rows.filter((r) => r.inApp).map((r) => ({ userId: r.userId, id: r.id }));
    for (let i = 0; i < items.length; i += NOTIFICATION_IDS_PER_PAYLOAD) {
      await notify(database, notificationsChannel, {
        type: 'created',
        items: items.slice(i, i + NOTIFICATION_IDS_PER_PAYLOAD),
      });
    }
  }

  /**
   * Stores what passes the rules and announces it; throws on a database failure (create catches).
   * Two round trips: one query reads the recipients with their choices and unread counts (and the
   * actors), one inserts. This process's listeners are told from those rows at once; other processes
   * hear the NOTIFY and read the new rows (decision 56).
   */
  async function make(
    items: readonly NewNotification[],
    prepared?: PreparedRecipients,
  ): Promise<NotificationRow[]> {
    const wanted = items.filter((i) => i.userId !== i.actorId);
    if (wanted.length === 0) return [];
    const byKind = new Map<NotificationKind, NewNotification[]>();
    for (const item of wanted) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item]);
    const people = new Map<string, RecipientWithChoices>();
    const rows: NotificationInsert[] = [];
    for (const [kind, list] of byKind) {
      const ids = new Set(list.map((i) => i.userId));
      for (const i of list) if (i.actorId !== null) ids.add(i.actorId);
      const early =
        prepared && prepared.kind === kind && [...ids].every((id) => prepared.ids.has(id))
          ? await prepared.rows
          : null;
      const found = new Map((early ?? (await repo.recipients([...ids], kind))).map((r) => [r.id, r]));
      for (const [id, r] of found) people.set(id, r);
      for (const item of list) {
        const r = found.get(item.userId);
        if (!r || !reachable(r)) continue;
        if (item.actorId !== null && (await blocks.hidden(item.userId))?.ids.has(item.actorId)) continue;
        const p = r.choices
          ? { ...r.choices, email: r.choices.email as EmailFrequency }
          : DEFAULT_PREFERENCES[kind];
        if (allOff(p)) continue;
        rows.push({ ...item, excerpt: excerptOf(item.excerpt), inApp: p.inApp });
      }
    }
    const created = await repo.insert(rows);
    if (created.length === 0) return [];
    hub.deliverLocal(presented(created, people));
    await tellProcesses(created).catch((err: unknown) =>
      log.warn({ err }, 'notifications were stored but not announced'),
    );
    for (const listener of createdListeners) {
      try {
        listener(created);
      } catch (err) {
        log.warn({ err }, 'a notification onCreated listener failed');
      }
    }
    return created;
  }

  /** The new in-app rows as their members read them, with each member's unread count after it. */
  function presented(created: NotificationRow[], people: Map<string, RecipientWithChoices>): LocalDelivery[] {
    const unread = new Map<string, number>();
    const out: LocalDelivery[] = [];
    for (const row of [...created].sort((a, b) => a.id - b.id)) {
      if (!row.inApp) continue;
      const count = (unread.get(row.userId) ?? people.get(row.userId)?.unread ?? 0) + 1;
      unread.set(row.userId, count);
      const a = row.actorId === null ? undefined : people.get(row.actorId);
      const actor = a
        ? {
            name: a.name,
            username: a.username,
            profilePicture: a.profilePicture,
            deleted: a.deletedAt !== null,
          }
        : null;
      out.push({
        id: row.id,
        userId: row.userId,
        notification: presentNotification({ ...row, actor }),
        unread: count,
      });
    }
    return out;
  }

  const service = {
    /**
     * Makes notifications, after the action that caused them committed. Leaves out the actor
     * themself, recipients who block the actor, deleted, pending or suspended recipients, a kind the
     * recipient turned off everywhere, and duplicates (same member, kind and source). Never throws: a
     * notification that cannot be made is logged, and the action goes on.
     */
    async create(
      items: readonly NewNotification[],
      prepared?: PreparedRecipients,
    ): Promise<NotificationRow[]> {
      try {
        return await make(items, prepared);
      } catch (err) {
        log.error({ err }, 'notifications could not be made');
        return [];
      }
    },

    /**
     * Starts reading what `create` needs of these recipients and actor for one kind, so that the read
     * runs beside the action (a chat message's insert) rather than after it; `create(items, prepared)`
     * then uses it when it covers the items (else it reads again). A failed read is read again too.
     */
    prepare(kind: NotificationKind, userIds: readonly string[], actorId: string | null): PreparedRecipients {
      const ids = new Set(userIds);
      if (actorId !== null) ids.add(actorId);
      const rows = repo.recipients([...ids], kind).catch(() => null);
      return { kind, ids, rows };
    },

    /** The coaches (admins by `is_admin` or by a proven address of ADMIN_EMAILS) in good standing. */
    async coaches(): Promise<string[]> {
      const rows = await repo.coachCandidates([...adminEmails]);
      return rows.filter((r) => isCoach(r) && reachable(r)).map((r) => r.id);
    },

    /** Notifies every coach (but the actor); never throws. */
    async toCoaches(item: GroupNotification): Promise<NotificationRow[]> {
      try {
        const coaches = await service.coaches();
        return await service.create(coaches.map((userId) => ({ ...item, userId })));
      } catch (err) {
        log.error({ err }, 'coaches could not be notified');
        return [];
      }
    },

    /** Notifies every member who has opened a lesson (but the actor); never throws. */
    async toLessonReaders(
      lesson: { thinkTank: string; topic: string; lesson: string },
      item: GroupNotification,
    ): Promise<NotificationRow[]> {
      try {
        const readers = await repo.lessonOpeners(lesson);
        return await service.create(readers.map((userId) => ({ ...item, userId })));
      } catch (err) {
        log.error({ err }, 'lesson readers could not be notified');
        return [];
      }
    },

    /** Called on this process after notifications were stored (all of them, in-app or not). */
    onCreated(listener: (rows: NotificationRow[]) => void): () => void {
      createdListeners.add(listener);
      return () => createdListeners.delete(listener);
    },

    /** Listens for one member's new notifications and unread count on this process (the hub). */
    subscribe(userId: string, listener: NotificationListener): () => void {
      return hub.subscribe(userId, listener);
    },

    /** Members' choices for one kind, the defaults where they made none. */
    preferencesOf,

    /** A member's unread count changed otherwise than by a new notification: every process is told. */
    async readChanged(userId: string): Promise<void> {
      await notify(database, notificationsChannel, { type: 'read', userId }).catch((err: unknown) =>
        log.warn({ err }, 'a read marker was not announced'),
      );
    },

    /** A member's in-app notifications, newest first, a page at a time (GET /api/notifications). */
    async list(actor: Actor, query: { before?: number; limit: number }): Promise<NotificationsResponse> {
      const rows = await repo.list(actor.user.id, { before: query.before, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      return {
        notifications: page.map(presentNotification),
        next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /** GET /api/notifications/unread-count. */
    async unreadCount(actor: Actor): Promise<{ count: number }> {
      return { count: await repo.unreadCount(actor.user.id) };
    },

    /**
     * POST /api/notifications/read: marks the given ids that are the member's (others' are ignored,
     * never marked), or all of them; the member's other tabs and processes are told the new count.
     */
    async markRead(actor: Actor, body: MarkReadBody): Promise<{ marked: number; count: number }> {
      const userId = actor.user.id;
      const marked = await repo.markRead(userId, 'all' in body ? 'all' : body.ids, new Date(now()));
      if (marked > 0) await service.readChanged(userId);
      return { marked, count: await repo.unreadCount(userId) };
    },

    hub,
    start: () => hub.start(),
    stop: () => hub.stop(),
  };
  /** The causes of decision 56, each called by the service whose action it follows. */
  const producers = notificationProducers(service, repo, log);
  return { ...service, producers };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
