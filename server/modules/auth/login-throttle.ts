import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_DEVICE,
  LOGIN_MAX_FAILURES_UNKNOWN_DEVICES,
  LOGIN_WINDOW_MS,
  PASSWORD_RESET_REQUESTS_PER_ADDRESS,
  REGISTER_MAX_PER_ADDRESS,
  REGISTER_WINDOW_MS,
} from '../../../common/constants';
import { createMemoryRateEventStore, type RateEventStore, type Rule } from '../../lib/rate-event-store';

export { retryAfterHeader } from '../../lib/rate-limiter';

const PER_DEVICE: Rule = { limit: LOGIN_MAX_FAILURES_PER_DEVICE, windowMs: LOGIN_WINDOW_MS };
const UNKNOWN_DEVICES: Rule = { limit: LOGIN_MAX_FAILURES_UNKNOWN_DEVICES, windowMs: LOGIN_WINDOW_MS };
const PER_MEMBER: Rule = { limit: LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS };
const PER_ADDRESS: Rule = { limit: LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS };
const REGISTRATIONS: Rule = { limit: REGISTER_MAX_PER_ADDRESS, windowMs: REGISTER_WINDOW_MS };
const RESET_REQUESTS: Rule = { limit: PASSWORD_RESET_REQUESTS_PER_ADDRESS, windowMs: 60 * 60 * 1000 };

/** A password check counted in advance; pass it to `succeeded` when the password was right. */
export type Ticket = {
  /** The lane the attempt was counted under. */
  lane: string;
  /** The address key it was also counted under, if any. */
  address: string | null;
  at: number;
};

/** Either permission to check a password (the attempt is already counted as a failure) or a wait. */
export type Attempt = { ticket: Ticket; retryAfterMs: 0 } | { ticket: null; retryAfterMs: number };

/** `store`: where attempts are counted (the app's, createRateEventStore); its owner prunes it. */
export type LoginThrottleOptions = { now?: () => number; store?: RateEventStore };

/**
 * Sign-in throttling with device cookies (docs/decisions.md decision 7, OWASP "slow down online guessing
 * with device cookies"). A sign-in is counted under one lane:
 * - a browser showing a valid device cookie for the account counts under that device alone
 *   (10 failures lock only it; a locked device is then treated as unknown for the rest of the window);
 * - every other browser counts under the account's unknown devices (10 failures lock only them),
 *   and under its address (50 failures lock the address for unknown devices).
 * So a stranger who knows a handle can lock out unknown devices, never a member's own browser.
 * The change-password step counts per member and address. Registrations and forgotten-password
 * requests count per address.
 *
 * Every attempt is counted before its password is checked and forgiven when it succeeds: a burst
 * of parallel guesses cannot all pass the check before the first failure is recorded.
 */
export function createLoginThrottle({
  now = Date.now,
  store = createMemoryRateEventStore(),
}: LoginThrottleOptions = {}) {
  async function take(lane: string, rule: Rule, address: string | null): Promise<Attempt> {
    const at = now();
    const addressKey = address === null ? null : 'address:' + address;
    const entries = [{ key: lane, rule }, ...(addressKey ? [{ key: addressKey, rule: PER_ADDRESS }] : [])];
    const wait = await store.take(entries, at);
    return wait > 0
      ? { ticket: null, retryAfterMs: wait }
      : { ticket: { lane, address: addressKey, at }, retryAfterMs: 0 };
  }

  return {
    /**
     * Counts a sign-in attempt for `account` (a user id, or a stand-in for an unknown name) from
     * `address`; `device` is the nonce of a device cookie already verified for this account.
     */
    async signIn(account: string, device: string | null, address: string): Promise<Attempt> {
      if (device !== null) {
        const lane = `device:${account}:${device}`;
        if ((await store.wait(lane, PER_DEVICE, now())) === 0) {
          const attempt = await take(lane, PER_DEVICE, null);
          if (attempt.ticket) return attempt;
        }
        // A locked device is untrusted for the rest of its window: it joins the unknown devices.
      }
      return take(`unknown:${account}`, UNKNOWN_DEVICES, address);
    },

    /**
     * Counts a check of a signed-in member's current password (change password, change e-mail,
     * delete account).
     */
    async changePassword(userId: string, address: string): Promise<Attempt> {
      return take(`member:${userId}`, PER_MEMBER, address);
    },

    /** The password was right: clears the lane and takes the attempt back from the address. */
    async succeeded(ticket: Ticket): Promise<void> {
      await store.clear(ticket.lane);
      if (ticket.address) await store.forgetOne(ticket.address, ticket.at);
    },

    /** Counts a registration from `address` (one that will hash a password); the wait when over. */
    async register(address: string): Promise<number> {
      return store.take([{ key: 'register:' + address, rule: REGISTRATIONS }], now());
    },

    /** Counts a forgotten-password request from `address`; the wait when over. */
    async passwordReset(address: string): Promise<number> {
      return store.take([{ key: 'reset:' + address, rule: RESET_REQUESTS }], now());
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const inMinutes = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  return `Too many login attempts. Try again in ${inMinutes(minutesOf(retryAfterMs))}.`;
}

export function tooManyResetRequestsMessage(retryAfterMs: number): string {
  return `Too many password reset requests from this address. Try again in ${inMinutes(minutesOf(retryAfterMs))}.`;
}

export function tooManyRegistrationsMessage(retryAfterMs: number): string {
  return `Too many accounts created from this address. Try again in ${inMinutes(minutesOf(retryAfterMs))}.`;
}
