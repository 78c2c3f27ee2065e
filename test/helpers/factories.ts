import type { LightMyRequestResponse } from 'fastify';
import type { CurrentUser } from '../../common/contracts/auth';
import type { App } from '../../server/app';
import { sessionCookieOf } from './app';

let seq = 0;

export type BuiltUser = {
  user: CurrentUser;
  /** The session cookie, `name=value`. */
  cookie: string;
  /** The device cookie the registration set, `name=value` (docs/decisions.md decision 7). */
  device: string;
  /** The loopback address the member registered from. */
  address: string;
  email: string;
  password: string;
};

/**
 * A loopback address of its own for the n-th member (every 127.x.y.z is this machine, and
 * 127.0.0.1, inject's default, is never used): registrations are limited per address.
 */
export function memberAddress(n: number): string {
  const v = 256 + n;
  return `127.${(v >> 16) & 255}.${(v >> 8) & 255}.${v & 255}`;
}

/** The `name=value` pair of the device cookie in a response, to send back as a Cookie header. */
export function deviceCookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = all.find((c) => /tribe36_device=[^;]+/.test(c));
  if (!cookie) throw new Error(`no device cookie in response ${res.statusCode}: ${res.body}`);
  return cookie.split(';')[0]!;
}

/** Registers a member through the API (as a client would) and returns them with their cookies. */
export async function buildUser(
  app: App,
  overrides: { email?: string; password?: string } = {},
): Promise<BuiltUser> {
  seq += 1;
  const email = overrides.email ?? `member${seq}.${process.pid}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const address = memberAddress(seq);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: email, email, password },
    remoteAddress: address,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  let user = res.json().user as CurrentUser;
  if (app.ctx.config.adminEmails.has(email)) {
    // An address in ADMIN_EMAILS makes an admin once it is proven (decision 2): as if the member
    // had followed the mailed link (test/email-confirmation.test.ts follows the real one).
    await app.ctx.users.confirmEmail(user.id, user.email, new Date());
    await app.ctx.sessions.userChanged(user.id);
    user = (await app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookieOf(res) } })).json().user;
  }
  return {
    user,
    cookie: sessionCookieOf(res),
    device: deviceCookieOf(res),
    address,
    email,
    password,
  };
}
