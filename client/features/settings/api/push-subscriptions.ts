import type { PushPublicKeyResponse, PushSubscriptionBody } from '@common/contracts/push';
import { apiJson } from '../../../lib/api-client';

/** GET /api/push/public-key: the server's VAPID key, the subscription's applicationServerKey. */
export const fetchPushPublicKey = () => apiJson<PushPublicKeyResponse>('GET', '/api/push/public-key');

/** POST /api/push/subscriptions: this device's subscription, now the member's. */
export const savePushSubscription = (subscription: PushSubscriptionBody) =>
  apiJson<{ subscribed: boolean }>('POST', '/api/push/subscriptions', subscription);

/** DELETE /api/push/subscriptions: this device's subscription, if it is the member's. */
export const deletePushSubscription = (endpoint: string) =>
  apiJson<{ subscribed: boolean }>('DELETE', '/api/push/subscriptions', { endpoint });
