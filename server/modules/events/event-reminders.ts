import type { EventsRepository, ReminderKind } from '../../db/repositories/events.repository';
import { rounds } from '../../lib/rounds';
import type { NotificationProducers } from '../../notifications/producers';

/** How often each process looks for reminders due (a 10-minute reminder is at most this late). */
export const REMINDER_POLL_MS = 30_000;
/**
 * A 24-hour reminder more than this late (the servers were down at its moment) is not sent: the
 * 10-minute one still is (decision 82).
 */
export const DAY_REMINDER_LATE_MS = 60 * 60 * 1000;

export type EventRemindersDeps = {
  repo: Pick<EventsRepository, 'claimReminders' | 'goingTo'>;
  produce: Pick<NotificationProducers, 'eventReminder'>;
  now: () => number;
  pollMs?: number;
  log: { warn(obj: object, msg: string): void };
};

/**
 * The sessions' reminders (decision 82): 24 h and 10 minutes before the start, to the members going,
 * through the notification pipeline (bell, mail, push as each member chose). Every process runs a
 * round every `pollMs` (server/lib/rounds.ts); each reminder is claimed by one conditional UPDATE …
 * RETURNING, so exactly one process (and one round) sends it.
 */
export function eventReminders({ repo, produce, now, pollMs = REMINDER_POLL_MS, log }: EventRemindersDeps) {
  async function send(which: ReminderKind) {
    const at = now();
    const claimed = await repo.claimReminders(which, new Date(at), DAY_REMINDER_LATE_MS);
    if (claimed.length === 0) return;
    const going = await repo.goingTo(claimed.map((e) => e.id));
    await produce.eventReminder(
      which,
      claimed.map((e) => ({
        eventId: e.id,
        title: e.title,
        startsAt: e.startsAt,
        userIds: going.filter((g) => g.eventId === e.id).map((g) => g.userId),
      })),
      at,
    );
  }

  async function round() {
    for (const which of ['day', 'soon'] as const) {
      try {
        await send(which);
      } catch (err) {
        log.warn({ err }, 'session reminders could not be read; the next round tries again');
      }
    }
  }

  const worker = rounds({
    round,
    pollMs,
    log,
    failed: 'session reminders could not be read; the next round tries again',
  });

  return {
    /** One round now, in this process (or after the one under way): tests. */
    run: worker.run,
    /** One round, not waiting for this process's running one: what a second process would do (tests). */
    round,
    start: worker.start,
    stop: worker.stop,
  };
}

export type EventReminders = ReturnType<typeof eventReminders>;
