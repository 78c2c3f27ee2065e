import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { DEVICE_COOKIE_MAX_AGE_MS } from '../../../common/constants';

/** The server_secrets row holding the HMAC key of device cookies. */
export const DEVICE_KEY_SECRET = 'device_cookie_hmac_key';

/** 32 random bytes, base64url: a new HMAC key for device cookies. */
export function newDeviceKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Named like the session cookie: `__Host-` and Secure over https (sessionCookieName). */
export function deviceCookieName(secure: boolean) {
  return secure ? '__Host-tribe36_device' : 'tribe36_device';
}

export function deviceCookieOptions(secure: boolean): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000),
  };
}

const NONCE_BYTES = 16;
/** `<nonce>.<mac>`: 22 and 43 base64url characters. */
const COOKIE_FORMAT = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * Device cookies (OWASP "slow down online guessing with device cookies"): after a successful
 * sign-in or registration the browser gets `<nonce>.<HMAC(key, account id, nonce)>`. The account id
 * is not in the cookie; a cookie verifies only against the account it was issued for, so one for
 * another account, a forged or a tampered one counts as an unknown device. `loadKey` gives the
 * base64url key (from the database, shared by every instance); it is read once and kept.
 */
export function createDeviceCookies(loadKey: () => Promise<string>) {
  let key: Promise<Buffer> | undefined;
  const getKey = () =>
    (key ??= loadKey().then(
      (value) => Buffer.from(value, 'base64url'),
      (err: unknown) => {
        key = undefined; // Asked again next time rather than failing for good.
        throw err;
      },
    ));
  const mac = (k: Buffer, accountId: string, nonce: string) =>
    createHmac('sha256', k).update(`tribe36-device\n${accountId}\n${nonce}`).digest();

  return {
    /** A new device cookie value for this account. */
    async issue(accountId: string): Promise<string> {
      const nonce = randomBytes(NONCE_BYTES).toString('base64url');
      return `${nonce}.${mac(await getKey(), accountId, nonce).toString('base64url')}`;
    },

    /** The cookie's nonce when it was issued by this server for this account, else null. */
    async verify(accountId: string, value: string | undefined): Promise<string | null> {
      const m = value ? COOKIE_FORMAT.exec(value) : null;
      if (!m) return null;
      const nonce = m[1]!;
      const given = Buffer.from(m[2]!, 'base64url');
      const expected = mac(await getKey(), accountId, nonce);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
