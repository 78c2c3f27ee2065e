import { z } from 'zod';
import { text } from './fields';

/**
 * Web push to an installed app (issue 32, decision 61): the server's VAPID public key, and a device's
 * push subscription (what `PushSubscription.toJSON()` gives: its push service's endpoint and the keys
 * the payload is encrypted to, RFC 8291).
 */

/** GET /api/push/public-key: the VAPID public key (RFC 8292), base64url, the `applicationServerKey`. */
export const pushPublicKeyResponse = z.object({ publicKey: z.string() });
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponse>;

/** The longest endpoint accepted (the push services' are a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 2048;

const endpoint = text('endpoint', 'a URL')
  .max(PUSH_ENDPOINT_MAX, { error: `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters` })
  .refine((v) => URL.canParse(v), { error: 'endpoint must be a URL (the push subscription’s endpoint)' });

/**
 * The subscriber's P-256 public key, uncompressed (65 bytes, first 0x04), base64url: 87 characters
 * starting with B (or 88 with its padding).
 */
const p256dh = z
  .string({
    error: (i) => (i.input === undefined ? 'keys.p256dh is required' : 'keys.p256dh must be a string'),
  })
  .regex(/^B[A-Za-z0-9_-]{86}=?$/, {
    error: 'keys.p256dh must be the subscription’s P-256 public key: 65 bytes, uncompressed, base64url',
  });

/** The subscriber's authentication secret: 16 bytes, base64url (22 characters, or 24 padded). */
const auth = z
  .string({ error: (i) => (i.input === undefined ? 'keys.auth is required' : 'keys.auth must be a string') })
  .regex(/^[A-Za-z0-9_-]{21}[AQgw](==)?$/, {
    error: 'keys.auth must be the subscription’s authentication secret: 16 bytes, base64url',
  });

/** POST /api/push/subscriptions: this device's subscription (upserted by endpoint, now the member's). */
export const pushSubscriptionBody = z.object(
  {
    endpoint,
    keys: z.object(
      { p256dh, auth },
      {
        error: (i) =>
          i.input === undefined ? 'keys is required ({ p256dh, auth })' : 'keys must be { p256dh, auth }',
      },
    ),
    // What PushSubscription.toJSON() adds; ignored.
    expirationTime: z
      .number({ error: 'expirationTime must be a number of milliseconds or null' })
      .nullable()
      .optional(),
  },
  { error: 'Request body must be a push subscription: { endpoint, keys: { p256dh, auth } }' },
);
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions: this device's endpoint (only a subscription of the member's own). */
export const deletePushSubscriptionBody = z.object(
  { endpoint },
  { error: 'Request body must be { endpoint }' },
);

/** The answers: whether this device is subscribed now. */
export const pushSubscriptionResponse = z.object({ subscribed: z.boolean() });

/**
 * What a push carries, encrypted, to the service worker (client/public/sw.js): the notification's
 * title and text, the page it opens (a path on this site), and a tag (one per notification, so a
 * second push of it replaces the first).
 */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
