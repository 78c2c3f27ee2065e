import type { Notification } from '../../common/contracts/notifications';
import { listen, notificationsChannel } from '../db/channels';
import type { Database } from '../db/client';
import type { NotificationsRepository } from '../db/repositories/notifications.repository';
import { presentNotification } from '../presenters/notification.presenter';

/** What a member's listeners hear: a new notification with the unread count, or the count alone. */
export type NotificationStreamEvent =
  | { type: 'notification'; data: { notification: Notification; unread: number } }
  | { type: 'read'; data: { unread: number } };

/** A notification made on this process, told to its listeners at once (the NOTIFY's echo is then skipped). */
export type LocalDelivery = { id: number; userId: string; notification: Notification; unread: number };

export type NotificationListener = (event: NotificationStreamEvent) => void;

/** Where the notifications' failures are logged (the app's logger). */
export type NotificationLog = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * The hub (decision 56): in every process, listens on `tribe36_notifications` and, for the members
 * who have listeners here (their live streams), reads each new notification once (with its actor)
 * and the member's unread count, and hands them to those listeners. Members with no listener here
 * cost nothing. Messages are handled one at a time in the order they arrive, so a member hears their
 * notifications in order and a read marker after what preceded it. When notifications come back
 * after an outage, each listened-to member is sent their unread count again (what was missed meanwhile
 * is in the list).
 */
export function createNotificationHub(
  database: Database,
  repo: Pick<NotificationsRepository, 'byIds' | 'unreadCounts'>,
  log: NotificationLog,
) {
  const listeners = new Map<string, Set<NotificationListener>>();
  let chain: Promise<unknown> = Promise.resolve();
  let unlisten: (() => Promise<void>) | undefined;
  let unwatch: (() => void) | undefined;
  /** Ids told here from the rows that made them, until their NOTIFY comes back (or a minute passed). */
  const toldHere = new Map<number, number>();
  const ECHO_WAIT_MS = 60_000;

  function tell(userId: string, event: NotificationStreamEvent) {
    for (const listener of listeners.get(userId) ?? []) {
      try {
        listener(event);
      } catch (err) {
        log.warn({ err }, 'a notification listener failed');
      }
    }
  }

  /** Whether no message is being handled (local deliveries need not queue behind anything). */
  let idle = true;
  let pending = 0;
  function serialized(task: () => Promise<void>) {
    pending += 1;
    idle = false;
    const run = chain
      .then(task)
      .catch((err: unknown) => log.warn({ err }, 'notification hub read failed'))
      .finally(() => {
        pending -= 1;
        if (pending === 0) idle = true;
      });
    chain = run;
    return run;
  }

  async function delivered(items: { userId: string; id: number }[]) {
    const mine = items.filter((i) => !toldHere.delete(i.id) && listeners.has(i.userId));
    if (mine.length === 0) return;
    const [rows, counts] = await Promise.all([
      repo.byIds(mine.map((i) => i.id)),
      repo.unreadCounts([...new Set(mine.map((i) => i.userId))]),
    ]);
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      if (!row.inApp) continue;
      tell(row.userId, {
        type: 'notification',
        data: { notification: presentNotification(row), unread: counts.get(row.userId) ?? 0 },
      });
    }
  }

  async function counted(userIds: string[]) {
    const present = userIds.filter((u) => listeners.has(u));
    if (present.length === 0) return;
    const counts = await repo.unreadCounts(present);
    for (const u of present) tell(u, { type: 'read', data: { unread: counts.get(u) ?? 0 } });
  }

  return {
    async start() {
      unwatch = database.notifications.onChange((up) => {
        if (up) void serialized(() => counted([...listeners.keys()]));
      });
      unlisten = await listen(database, notificationsChannel, (message) => {
        if (message === null) return;
        void serialized(() =>
          message.type === 'created' ? delivered(message.items) : counted([message.userId]),
        );
      });
    },

    async stop() {
      unwatch?.();
      await unlisten?.().catch(() => {});
      listeners.clear();
    },

    /**
     * Tells this process's listeners of notifications made here, from the rows that made them, without
     * waiting for the NOTIFY and a read (decision 56). Told in line with the messages under way: after
     * what the hub is handling now, as the NOTIFY would have been.
     */
    deliverLocal(items: readonly LocalDelivery[]) {
      const now = Date.now();
      for (const [id, at] of toldHere) {
        if (now - at < ECHO_WAIT_MS) break; // in insertion order: the rest are younger
        toldHere.delete(id);
      }
      const mine = items.filter((i) => listeners.has(i.userId));
      for (const i of items) toldHere.set(i.id, now);
      if (mine.length === 0) return;
      const tellAll = () => {
        for (const i of mine) {
          tell(i.userId, { type: 'notification', data: { notification: i.notification, unread: i.unread } });
        }
      };
      // Nothing queued: at once. Else after what is queued, so that a member's events keep their order.
      if (idle) tellAll();
      else void serialized(async () => tellAll());
    },

    /** Listens for a member's notifications on this process; returns the function that stops it. */
    subscribe(userId: string, listener: NotificationListener): () => void {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        const current = listeners.get(userId);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) listeners.delete(userId);
      };
    },

    /** Waits for the messages received so far to be handled (tests). */
    settled: (): Promise<unknown> => chain,
  };
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;
