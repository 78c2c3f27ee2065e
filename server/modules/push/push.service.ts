import { ECDH } from 'node:crypto';
import webpush from 'web-push';
import type { NotificationKind } from '../../../common/contracts/notifications';
import type { PushPayload, PushSubscriptionBody } from '../../../common/contracts/push';
import { notificationUrl } from '../../../common/notification-links';
import type { PushRepository } from '../../db/repositories/push.repository';
import type { NotificationRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { endpointRefusal, type EndpointPrefix } from '../../lib/push-endpoints';
import type { Actor } from '../../storage/session-store';

/** The server_secrets row holding the VAPID key pair (JSON `{ publicKey, privateKey }`, base64url). */
export const VAPID_KEYS_SECRET = 'vapid-keys';

/** How long a push service keeps a push for a device that is off (RFC 8030 TTL): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long one push request may take, unless the configuration says otherwise. */
export const PUSH_TIMEOUT_MS = 10_000;
/**
 * How many devices a member keeps subscribed: saving one more forgets the one saved longest ago, so a
 * member cannot make the server send one notification to an endless list of endpoints.
 */
export const PUSH_DEVICES_MAX = 10;
/** How many push requests run at once (a new lesson video may notify many members). */
const PUSH_CONCURRENCY = 8;

type VapidKeys = { publicKey: string; privateKey: string };

export type PushLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export type PushDeps = {
  repo: PushRepository;
  /** The named secret, created once for every instance on the database (secrets.repository.ts). */
  secret: (name: string, make: () => string) => Promise<string>;
  allowedEndpoints: readonly EndpointPrefix[];
  /** Who runs the server: `https:` PUBLIC_URL, else a mailto: of the sender (RFC 8292's `sub`). */
  subject: string;
  /** Members (of those given) with an open live stream on any process: they get no push. */
  activeAmong: (userIds: readonly string[]) => Promise<Set<string>>;
  /** Members' push choice for a kind (the notifications' preferences, defaults included). */
  pushWanted: (userIds: readonly string[], kind: NotificationKind) => Promise<Set<string>>;
  /** True once the process is draining (SIGTERM): it sends nothing more. */
  draining: () => boolean;
  timeoutMs?: number;
  log: PushLog;
};

/** Whether a base64url key is a point of P-256 (the payload is encrypted to it: RFC 8291). */
function onCurve(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** What the notification says, per kind: a title naming who did it, and the excerpt as its text. */
export function pushPayloadFor(row: NotificationRow, actorName: string | null): PushPayload {
  const who = actorName ?? 'Someone';
  const titles: Record<NotificationKind, string> = {
    mention: `${who} mentioned you`,
    'discussion-reply': `${who} replied to your message`,
    'attempt-reply': `${who} replied to your attempt`,
    'attempt-new': `${who} posted an attempt to review`,
    'report-new': actorName ? `New report from ${actorName}` : 'New report',
    'lesson-video': 'New video in a lesson you opened',
    'membership-approved': 'Welcome to Tribe36: your membership was approved',
    moderation: 'A coach acted on your message',
    'assignment-new': `${who} assigned you a drill`,
    'assignment-due': 'A drill is due within a day',
    'event-reminder': 'A session you are going to starts soon',
    'event-changed': `${who} changed a session you are going to`,
  };
  return {
    title: titles[row.kind],
    body: row.excerpt ?? '',
    url: notificationUrl(row.target),
    tag: `notification-${row.id}`,
  };
}

/** The push service's urgency (RFC 8030): someone waiting for me is high, a new video low. */
const URGENCY: Record<NotificationKind, webpush.Urgency> = {
  mention: 'high',
  'discussion-reply': 'high',
  'attempt-reply': 'high',
  'attempt-new': 'normal',
  'report-new': 'normal',
  'lesson-video': 'low',
  'membership-approved': 'normal',
  moderation: 'normal',
  'assignment-new': 'normal',
  'assignment-due': 'high',
  'event-reminder': 'high',
  'event-changed': 'normal',
};

/**
 * Web push (issue 32, decision 61): the VAPID keys (made once, kept in the database), members'
 * subscriptions, and the pushes of new notifications to members who are not in the app.
 */
export function pushService(deps: PushDeps) {
  const { repo, log } = deps;
  const timeoutMs = deps.timeoutMs ?? PUSH_TIMEOUT_MS;
  let keys: Promise<VapidKeys> | null = null;
  const pending = new Set<Promise<void>>();

  function vapidKeys(): Promise<VapidKeys> {
    keys ??= deps
      .secret(VAPID_KEYS_SECRET, () => JSON.stringify(webpush.generateVAPIDKeys()))
      .then((value) => JSON.parse(value) as VapidKeys);
    keys.catch(() => (keys = null));
    return keys;
  }

  /** One push to one subscription; a 404 or 410 deletes it; never throws. */
  async function sendOne(
    sub: { endpoint: string; p256dh: string; auth: string },
    payload: PushPayload,
    kind: NotificationKind,
    vapid: VapidKeys,
  ): Promise<boolean> {
    const host = URL.canParse(sub.endpoint) ? new URL(sub.endpoint).host : '?';
    // Checked again: the allowed list may have changed since the subscription was stored.
    if (endpointRefusal(sub.endpoint, deps.allowedEndpoints) !== null) {
      log.warn({ host }, 'push endpoint no longer allowed: subscription deleted');
      await repo.remove(sub.endpoint);
      return false;
    }
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: deps.subject, ...vapid },
          TTL: PUSH_TTL_SECONDS,
          urgency: URGENCY[kind],
          contentEncoding: 'aes128gcm',
        },
      );
      // Sent here rather than by web-push's sendNotification: any protocol PUSH_ALLOWED_ENDPOINTS
      // allows, a limit on the whole request, and a redirect never followed.
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404 || response.status === 410) {
        await repo.remove(sub.endpoint);
        log.info({ host, status: response.status }, 'push subscription gone: deleted');
        return false;
      }
      if (response.status < 200 || response.status > 299) {
        log.warn({ host, status: response.status }, 'push refused by the push service');
        return false;
      }
      return true;
    } catch (err) {
      log.warn({ host, err }, 'push failed');
      return false;
    }
  }

  async function runLimited<T>(items: readonly T[], fn: (item: T) => Promise<unknown>) {
    let next = 0;
    const worker = async () => {
      while (next < items.length) await fn(items[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, items.length) }, worker));
  }

  /** Pushes new notifications to their members' devices, unless in the app or turned off. */
  async function deliver(rows: readonly NotificationRow[]): Promise<void> {
    if (rows.length === 0) return;
    if (deps.draining()) {
      log.info({ count: rows.length }, 'draining: notifications not pushed');
      return;
    }
    // Most members have no device subscribed: that is asked first, one query for all of them.
    const subscriptions = await repo.forUsers([...new Set(rows.map((r) => r.userId))]);
    const subscribed = new Set(subscriptions.map((s) => s.userId));
    const wanted: NotificationRow[] = [];
    for (const kind of new Set(rows.map((r) => r.kind))) {
      const ofKind = rows.filter((r) => r.kind === kind && subscribed.has(r.userId));
      if (ofKind.length === 0) continue;
      const yes = await deps.pushWanted([...new Set(ofKind.map((r) => r.userId))], kind);
      wanted.push(...ofKind.filter((r) => yes.has(r.userId)));
    }
    const active =
      wanted.length > 0 ? await deps.activeAmong([...new Set(wanted.map((r) => r.userId))]) : new Set();
    const toPush = wanted.filter((r) => !active.has(r.userId));
    if (toPush.length > 0) {
      const vapid = await vapidKeys();
      const names = await repo.names([
        ...new Set(toPush.map((r) => r.actorId).filter((a): a is string => a !== null)),
      ]);
      const sends = toPush.flatMap((row) =>
        subscriptions
          .filter((s) => s.userId === row.userId)
          .map((sub) => ({
            sub,
            row,
            payload: pushPayloadFor(row, row.actorId ? (names.get(row.actorId) ?? null) : null),
          })),
      );
      await runLimited(sends, ({ sub, row, payload }) => sendOne(sub, payload, row.kind, vapid));
    }
    // Pushed, or passed over (turned off, in the app, no device): each is decided once.
    await repo.markPushed(rows.map((r) => r.id));
  }

  return {
    async publicKey(): Promise<{ publicKey: string }> {
      return { publicKey: (await vapidKeys()).publicKey };
    },

    /** Stores this device's subscription for the member; 400 naming why when it is not acceptable. */
    async subscribe(actor: Actor, body: PushSubscriptionBody): Promise<{ subscribed: boolean }> {
      const refusal = endpointRefusal(body.endpoint, deps.allowedEndpoints);
      if (refusal) throw new AppError('bad_request', refusal);
      if (!onCurve(body.keys.p256dh))
        throw new AppError('bad_request', 'keys.p256dh is not a P-256 public key (not a point of the curve)');
      await repo.upsert({
        endpoint: body.endpoint,
        userId: actor.user.id,
        sessionHash: actor.tokenHash,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
      });
      await repo.keepNewest(actor.user.id, PUSH_DEVICES_MAX);
      return { subscribed: true };
    },

    /** Deletes this device's subscription if it is the member's (another member's is left alone). */
    async unsubscribe(actor: Actor, endpoint: string): Promise<{ subscribed: boolean }> {
      await repo.removeOwn(endpoint, actor.user.id);
      return { subscribed: false };
    },

    /**
     * The notifications' `onCreated` listener: pushes in the background, never throwing into the
     * action that made them; `stop` waits for what is under way.
     */
    notificationsCreated(rows: readonly NotificationRow[]): void {
      const run = deliver(rows).catch((err: unknown) => log.warn({ err }, 'notifications not pushed'));
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },

    deliver,

    /** Waits for the pushes under way (at shutdown). */
    async stop(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}

export type PushService = ReturnType<typeof pushService>;
