import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CurrentUser } from '../../common/contracts/auth';
import type { ChatMessage } from '../../common/contracts/chat';
import type { App } from '../../server/app';
import type { Config } from '../../server/config';
import { apiCaller, createTestApp, sessionCookieOf, type TestApp } from './app';

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
    await confirmAddress(app, user);
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

let logins = 0;

/**
 * POST /api/auth/login, each from a loopback address of its own (memberAddress, far after the ones
 * buildUser uses), so that the per-address login limit never counts one test's attempts in another's.
 */
export const logIn = (app: App, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: memberAddress(1_000_000 + logins++),
  });

type Several<N extends number, T, R extends T[] = []> = R['length'] extends N ? R : Several<N, T, [T, ...R]>;

/** `n` members built one after the other with buildUser (each with its own address), in a tuple. */
export async function buildUsers<N extends number>(app: App, n: N): Promise<Several<N, BuiltUser>> {
  const users: BuiltUser[] = [];
  for (let i = 0; i < n; i++) users.push(await buildUser(app));
  return users as Several<N, BuiltUser>;
}

/**
 * The set-up of many API test files: a test app whose ADMIN_EMAILS names `coachEmail` (and `env`'s
 * variables, `overrides` of its configuration), its coach registered (an admin, see buildUser), then `n`
 * members one after the other.
 */
export async function createTestAppWithCoach<N extends number>(
  coachEmail: string,
  n: N,
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<{ t: TestApp; coach: BuiltUser; members: Several<N, BuiltUser> }> {
  const t = await createTestApp({ ADMIN_EMAILS: coachEmail, ...env }, overrides);
  const coach = await buildUser(t.app, { email: coachEmail });
  return { t, coach, members: await buildUsers(t.app, n) };
}

/** The units a test's clock (config.clock) is moved by, in milliseconds. */
export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
/** A time in milliseconds as the API writes it (ISO 8601). */
export const at = (ms: number) => new Date(ms).toISOString();

/**
 * createTestAppWithCoach for a whole file: built in a beforeAll and closed in an afterAll, with `overrides`
 * of its configuration (a clock the file moves: `{ clock: () => clock }`). The app, the coach and the
 * members are filled in by the beforeAll, so the file can name them at once and its tests read them;
 * `call` is apiCaller on the app.
 */
export function useTestAppWithCoach<N extends number>(
  coachEmail: string,
  n: N,
  overrides: Partial<Config> = {},
): { t: TestApp; coach: BuiltUser; members: Several<N, BuiltUser>; call: ReturnType<typeof apiCaller> } {
  const t = {} as TestApp;
  const coach = {} as BuiltUser;
  const members = Array.from({ length: n }, () => ({}) as BuiltUser) as Several<N, BuiltUser>;
  beforeAll(async () => {
    const built = await createTestAppWithCoach(coachEmail, n, {}, overrides);
    Object.assign(t, built.t);
    Object.assign(coach, built.coach);
    (built.members as BuiltUser[]).forEach((m, i) => Object.assign((members as BuiltUser[])[i]!, m));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return { t, coach, members, call: apiCaller(() => t.app) };
}

/**
 * Proves the member's e-mail address, as if they had followed the mailed link
 * (test/email-confirmation.test.ts follows the real one), and drops their cached session.
 */
export async function confirmAddress(app: App, user: Pick<CurrentUser, 'id' | 'email'>): Promise<void> {
  await app.ctx.users.confirmEmail(user.id, user.email, new Date());
  await app.ctx.sessions.userChanged(user.id);
}

/** A member whose address is proven (notification mail goes only to proven addresses). */
export async function buildProvenUser(app: App): Promise<BuiltUser> {
  const m = await buildUser(app);
  await confirmAddress(app, m.user);
  return m;
}

/** Makes the member an admin by the is_admin column (as `npm run admin -- grant` does), not by ADMIN_EMAILS. */
export async function grantAdmin(app: App, who: BuiltUser): Promise<void> {
  await app.ctx.users.setAdmin(who.email, true);
  await app.ctx.sessions.userChanged(who.user.id);
}

/** Posts a text message (or `more`'s type, reply…) to the community chat as `who`: 201, and the message. */
export async function postChatMessage(
  app: App,
  who: { cookie: string },
  content: string,
  more: { messageType?: string; replyToId?: number } = {},
): Promise<ChatMessage> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat/community',
    headers: { cookie: who.cookie },
    payload: { content, messageType: 'text', ...more },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatMessage;
}
