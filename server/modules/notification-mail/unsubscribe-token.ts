import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  readUnsubscribeToken,
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_TOKEN_PARAM,
  type UnsubscribeSubject,
} from '../../../common/notification-mail';

/** The server_secrets row holding the HMAC key of unsubscribe links. */
export const UNSUBSCRIBE_KEY_SECRET = 'unsubscribe_hmac_key';

/** 32 random bytes, base64url. */
export const newUnsubscribeKey = () => randomBytes(32).toString('base64url');

/**
 * Unsubscribe links (decision 60): `<member>.<kind>.<version>.<HMAC(key, …)>`, signed with a key kept
 * in server_secrets (the first instance stores it, every other reads the same, as the device cookie's
 * key). The version is the kind's `unsubscribe_version` when the mail was written: using the link
 * raises it, so the same link is refused afterwards.
 */
export function createUnsubscribeTokens(loadKey: () => Promise<string>) {
  let key: Promise<Buffer> | undefined;
  const getKey = () =>
    (key ??= loadKey().then(
      (value) => Buffer.from(value, 'base64url'),
      (err: unknown) => {
        key = undefined;
        throw err;
      },
    ));
  const mac = (k: Buffer, payload: string) =>
    createHmac('sha256', k).update(`tribe36-unsubscribe\n${payload}`).digest();

  return {
    /** Reads the key now, so that links can be made inside a transaction without another query. */
    async ready(): Promise<void> {
      await getKey();
    },

    async issue(userId: string, subject: UnsubscribeSubject, version: number): Promise<string> {
      const payload = `${userId}.${subject}.${version}`;
      return `${payload}.${mac(await getKey(), payload).toString('base64url')}`;
    },

    /** The link for `origin` (https://…/unsubscribe?t=…). */
    async link(origin: string, userId: string, subject: UnsubscribeSubject, version: number) {
      const token = await this.issue(userId, subject, version);
      return `${origin}${UNSUBSCRIBE_PATH}?${UNSUBSCRIBE_TOKEN_PARAM}=${token}`;
    },

    /** What a token names when this server signed it, else null. */
    async verify(
      token: unknown,
    ): Promise<{ userId: string; subject: UnsubscribeSubject; version: number } | null> {
      if (typeof token !== 'string') return null;
      const read = readUnsubscribeToken(token);
      if (!read) return null;
      const given = Buffer.from(read.mac, 'base64url');
      const expected = mac(await getKey(), `${read.userId}.${read.subject}.${read.version}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId: read.userId, subject: read.subject, version: read.version };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
