import type { z } from 'zod';
import {
  COACH_NOTIFICATION_KINDS,
  DEFAULT_PREFERENCES,
  NOTIFICATION_KINDS,
  type EmailFrequency,
  type KindPreference,
  type NotificationKind,
  type NotificationPreferences,
  type putNotificationPreferencesBody,
} from '../../../common/contracts/notifications';
import { unsubscribeSubjectText, type UnsubscribeSubject } from '../../../common/notification-mail';
import type { Db } from '../../db/client';
import type { NotificationMailRepository } from '../../db/repositories/notification-mail.repository';
import type { NotificationRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { rounds } from '../../lib/rounds';
import type { Mailer } from '../../mail/mailer';
import type { Actor } from '../../storage/session-store';
import type { ServiceLog } from '../../context';
import { batchMail, digestMail, type UnsubscribeLink } from './notification-mail.compose';
import type { UnsubscribeTokens } from './unsubscribe-token';

type PutBody = z.infer<typeof putNotificationPreferencesBody>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How long after a digest the next one is due. */
export const DIGEST_EVERY_MS = 7 * DAY;
/** A member not seen for this long gets no digest. */
export const DIGEST_INACTIVE_MS = 365 * DAY;
/** A batch takes the member's notifications of at most this far back that no mail took yet. */
const BATCH_LOOKBACK_MS = DAY;
/** Batches and digests handled per round, per process. */
const ROUND = 20;
/** How often the newest session sightings are carried into notification_settings. */
const CARRY_EVERY_MS = 60 * MINUTE;

export type NotificationMailDeps = {
  repo: NotificationMailRepository;
  mail: Mailer;
  tokens: UnsubscribeTokens;
  /** The origin of mailed links (decision 46). */
  origin: () => string;
  now: () => number;
  /** NOTIFY_MAIL_BATCH_MS and the worker's poll. */
  batchMs: number;
  pollMs?: number;
  /** Whether the member has a live stream open on any process (helper C's ctx.presence, decision 58). */
  isActive: (userId: string) => Promise<boolean>;
  transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
  log: ServiceLog;
};

/** Whether a member is to get mail at all: a member (not deleted, pending or suspended) with a proven address. */
function mailable(
  r: Awaited<ReturnType<NotificationMailRepository['recipient']>>,
  now: number,
): r is NonNullable<typeof r> {
  if (!r || r.deletedAt || r.membership !== 'active' || !r.emailConfirmedAt) return false;
  if (r.suspendedAt && (!r.suspendedUntil || r.suspendedUntil.getTime() > now)) return false;
  return true;
}

/**
 * Mail a member wants (decision 60): their preferences per kind, the batches that mail what is still
 * unread while they are away, the weekly digest, and one-click unsubscribe.
 */
export function notificationMailService(deps: NotificationMailDeps) {
  const { repo, mail, tokens, origin, now, batchMs, isActive, transaction, log } = deps;
  const pollMs = deps.pollMs ?? Math.max(50, Math.min(5_000, Math.floor(batchMs / 2)));
  const windowOf = (f: EmailFrequency): number | null =>
    f === 'immediately'
      ? batchMs
      : f === 'every-15-minutes'
        ? 15 * MINUTE
        : f === 'hourly'
          ? 60 * MINUTE
          : null;

  let wake: NodeJS.Timeout | undefined;
  let again = false;
  let lastCarry = 0;

  function merged(rows: Awaited<ReturnType<NotificationMailRepository['preferences']>>) {
    const byKind = new Map(rows.map((r) => [r.kind, r]));
    const out = {} as Record<NotificationKind, KindPreference & { version: number }>;
    for (const kind of NOTIFICATION_KINDS) {
      const row = byKind.get(kind);
      out[kind] = row
        ? { inApp: row.inApp, email: row.email, push: row.push, version: row.unsubscribeVersion }
        : { ...DEFAULT_PREFERENCES[kind], version: 0 };
    }
    return out;
  }

  async function preferences(actor: Actor): Promise<NotificationPreferences> {
    const [rows, settings] = await Promise.all([
      repo.preferences(actor.user.id),
      repo.settings(actor.user.id),
    ]);
    const all = merged(rows);
    const kinds: NotificationPreferences['kinds'] = {};
    for (const kind of NOTIFICATION_KINDS) {
      if (!actor.isAdmin && COACH_NOTIFICATION_KINDS.includes(kind)) continue;
      const { inApp, email, push } = all[kind];
      kinds[kind] = { inApp, email, push };
    }
    return { kinds, weeklyDigest: settings?.weeklyDigest ?? false };
  }

  /** Sets a timer in this process for the batch due at `at` (other processes find it by polling). */
  function wakeAt(at: number) {
    if (worker.stopped) return;
    const delay = Math.max(0, at - now());
    if (delay >= pollMs) return; // The poll comes first.
    clearTimeout(wake);
    wake = setTimeout(() => void run(), delay + 5);
    wake.unref();
  }

  /** One member's due batch, if this process claims it. */
  async function sendBatch(userId: string): Promise<boolean> {
    const at = now();
    const recipient = await repo.recipient(userId);
    const canMail = mailable(recipient, at);
    // Zulip's rule: what a member could see in the app (a live stream open) is not mailed; it is
    // marked as taken, so no later batch mails it either.
    const active = canMail ? await isActive(userId) : false;
    const prefs = merged(await repo.preferences(userId));
    // The key is read before the transaction: on the embedded database, a query outside it would wait
    // for it to end.
    await tokens.ready();
    let sent = false;
    await transaction(async (tx) => {
      if (!(await repo.claimBatch(tx, userId, new Date(at)))) return;
      const items = await repo.pending(tx, userId, new Date(at - BATCH_LOOKBACK_MS));
      const listed = items.filter((i) => i.readAt === null && prefs[i.kind].email !== 'never');
      if (canMail && !active && listed.length > 0) {
        const kinds = [...new Set(listed.map((i) => i.kind))];
        const links: UnsubscribeLink[] = await Promise.all(
          kinds.map(async (kind) => ({
            kind,
            text: unsubscribeSubjectText(kind),
            url: await tokens.link(origin(), userId, kind, prefs[kind].version),
          })),
        );
        const message = batchMail({
          to: recipient.email,
          name: recipient.name,
          origin: origin(),
          items: listed,
          frequencies: Object.fromEntries(kinds.map((k) => [k, prefs[k].email])),
          unsubscribe: links,
        });
        await mail.send(message, tx);
        sent = true;
      }
      await repo.markEmailed(
        tx,
        items.map((i) => i.id),
        new Date(at),
      );
    });
    if (sent) void mail.flush();
    return sent;
  }

  /** One claimed digest: the week before `dueAt`, unless the member was not seen for a year. */
  async function sendDigest(userId: string, lastSeenAt: Date | null, dueAt: Date): Promise<boolean> {
    const at = now();
    if (!lastSeenAt || at - lastSeenAt.getTime() > DIGEST_INACTIVE_MS) return false;
    const recipient = await repo.recipient(userId);
    if (!mailable(recipient, at)) return false;
    const since = new Date(Math.min(at, dueAt.getTime()) - DIGEST_EVERY_MS);
    const [items, videos, settings] = await Promise.all([
      repo.unreadSince(userId, since),
      repo.videosSince(since),
      repo.settings(userId),
    ]);
    if ((items.length === 0 && videos.length === 0) || !settings) return false;
    const url = await tokens.link(origin(), userId, 'digest', digestVersion(settings.updatedAt));
    await mail.send(
      digestMail({
        to: recipient.email,
        name: recipient.name,
        origin: origin(),
        items,
        videos,
        unsubscribe: { kind: 'digest', text: unsubscribeSubjectText('digest'), url },
      }),
    );
    return true;
  }

  /** One round: due batches, then due digests. */
  async function round() {
    const at = now();
    const due = await repo.dueBatches(new Date(at), ROUND);
    for (const userId of due) {
      try {
        await sendBatch(userId);
      } catch (err) {
        log.warn({ err, userId }, 'a notification mail batch failed; it is tried again');
      }
    }
    if (at - lastCarry >= CARRY_EVERY_MS) {
      await repo.carryLastSeen();
      lastCarry = at;
    }
    const digests = await repo.claimDigests(new Date(at), new Date(at + DIGEST_EVERY_MS), ROUND);
    for (const d of digests) {
      try {
        await sendDigest(d.userId, d.lastSeenAt, d.dueAt);
      } catch (err) {
        log.warn({ err, userId: d.userId }, 'a weekly digest failed; the next one is in a week');
      }
    }
    if (due.length === ROUND || digests.length === ROUND) again = true;
  }

  /** Rounds until one leaves no full batch of batches or digests behind (or the worker stops). */
  async function roundsWhileFull() {
    do {
      again = false;
      await round();
    } while (again && !worker.stopped);
  }

  /** One at a time in this process; a call during one runs another after it (server/lib/rounds.ts). */
  const worker = rounds({
    round: roundsWhileFull,
    pollMs,
    log,
    failed: 'notification mail could not be read; the next poll tries again',
  });

  /** Runs a round now, or after the one under way; a failure is logged, not thrown. */
  function run(): Promise<void> {
    return worker.run().catch(() => {});
  }

  return {
    preferences,

    async savePreferences(actor: Actor, body: PutBody): Promise<NotificationPreferences> {
      const given = Object.entries(body.kinds ?? {}) as [NotificationKind, Partial<KindPreference>][];
      for (const [kind] of given) {
        if (!actor.isAdmin && COACH_NOTIFICATION_KINDS.includes(kind)) {
          throw new AppError('bad_request', `kinds.${kind}: only coaches receive ${kind} notifications`);
        }
      }
      const at = new Date(now());
      if (given.length > 0) {
        const current = merged(await repo.preferences(actor.user.id));
        await repo.savePreferences(
          actor.user.id,
          given.map(([kind, change]) => {
            const { inApp, email, push } = { ...current[kind], ...change };
            return { kind, inApp, email, push };
          }),
          at,
        );
      }
      if (body.weeklyDigest !== undefined) {
        await repo.setWeeklyDigest(
          actor.user.id,
          body.weeklyDigest,
          new Date(at.getTime() + DIGEST_EVERY_MS),
          at,
        );
      }
      return preferences(actor);
    },

    /**
     * After notifications were made on this process (ctx.notifications.onCreated): a batch for each
     * member with something to mail, due when the earliest of their windows ends.
     */
    async schedule(rows: readonly NotificationRow[]): Promise<void> {
      const fresh = rows.filter((r) => r.emailedAt === null && r.readAt === null);
      if (fresh.length === 0) return;
      const userIds = [...new Set(fresh.map((r) => r.userId))];
      const changed = await repo.emailFrequencies(userIds);
      const freq = new Map(changed.map((c) => [`${c.userId} ${c.kind}`, c.email]));
      for (const userId of userIds) {
        let due: number | null = null;
        for (const r of fresh) {
          if (r.userId !== userId) continue;
          const w = windowOf(freq.get(`${userId} ${r.kind}`) ?? DEFAULT_PREFERENCES[r.kind].email);
          if (w === null) continue;
          const at = r.createdAt.getTime() + w;
          due = due === null ? at : Math.min(due, at);
        }
        if (due === null) continue;
        await repo.scheduleBatch(userId, new Date(due));
        wakeAt(due);
      }
    },

    /**
     * One-click unsubscribe (RFC 8058): the token's kind (or the digest) off, its version raised.
     * A token that is forged, or was used already, changes nothing: 400.
     */
    async unsubscribe(token: unknown): Promise<{ unsubscribed: UnsubscribeSubject }> {
      const refused = new AppError(
        'bad_request',
        'This unsubscribe link is not valid, or was used already. Change your e-mail settings on the Settings page.',
      );
      const named = await tokens.verify(token);
      if (!named) throw refused;
      const at = new Date(now());
      if (named.subject === 'digest') {
        const settings = await repo.settings(named.userId);
        if (!settings || !settings.weeklyDigest || digestVersion(settings.updatedAt) !== named.version)
          throw refused;
        const changed = await repo.digestOff(named.userId, named.version, at);
        if (!changed) throw refused;
        return { unsubscribed: 'digest' };
      }
      const kind = named.subject;
      const version = await repo.unsubscribeVersion(named.userId, kind);
      if (version === null || version !== named.version) throw refused;
      const { inApp, push } = DEFAULT_PREFERENCES[kind];
      if (!(await repo.unsubscribe(named.userId, kind, version, { inApp, push }, at))) throw refused;
      return { unsubscribed: kind };
    },

    /** Runs due batches and digests now, in this process (tests). */
    run,

    start: worker.start,

    async stop() {
      const stopping = worker.stop();
      clearTimeout(wake);
      await stopping;
    },
  };
}

/** The digest's unsubscribe version: when the settings last changed (in seconds), so a used link is refused. */
function digestVersion(updatedAt: Date): number {
  return Math.floor(updatedAt.getTime() / 1000);
}

export type NotificationMailService = ReturnType<typeof notificationMailService>;
