import type { PushSubscriptionBody } from '@common/contracts/push';
import { serviceWorkerSupported } from '../../lib/service-worker';
import { deletePushSubscription, fetchPushPublicKey, savePushSubscription } from './api/push-subscriptions';

/**
 * Push on this device (decision 61), as the member can see it:
 * - `unsupported`: no service worker or Push API here (an iPhone's Safari tab: add to the Home Screen);
 * - `blocked`: the member (or the browser) denied notifications for this site;
 * - `on`: a push subscription exists here, and the server has it;
 * - `off`: none.
 */
export type PushDeviceState = 'unsupported' | 'blocked' | 'on' | 'off';

export function pushSupported(): boolean {
  return (
    serviceWorkerSupported() &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/**
 * The service worker's registration: in a production build it is registered once the page has loaded
 * (client/lib/service-worker.ts), so a first visit straight to Settings waits for it (10 s at most); a
 * development build registers none.
 */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing?.active) return existing;
  if (!existing && !import.meta.env.PROD) return null;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
}

/** The subscription as the API takes it. */
function body(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** base64url → the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * The state now, asking nothing of the member. A subscription found here is sent to the server again
 * (it belongs to the session it was made in: after signing in anew the server may not have it).
 */
export async function readPushState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const subscription = await reg.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  await savePushSubscription(body(subscription));
  return 'on';
}

/** Turns push on: asks permission (this runs from a click), subscribes, and tells the server. */
export async function turnPushOn(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const { publicKey } = await fetchPushPublicKey();
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another key (a restored database with new keys) cannot be reused.
  const existingKey = subscription?.options.applicationServerKey;
  if (subscription && existingKey && !sameBytes(new Uint8Array(existingKey), applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await savePushSubscription(body(subscription));
  return 'on';
}

/** Turns push off here: the server forgets this device, and the browser drops the subscription. */
export async function turnPushOff(): Promise<PushDeviceState> {
  const reg = pushSupported() ? await registration() : null;
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) {
    await deletePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return Notification.permission === 'denied' ? 'blocked' : 'off';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
