import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { freshDatabase, MIGRATIONS_DIR, testDatabaseUrl } from './database';

export type TestApp = {
  app: App;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
};

/**
 * Builds the app on a fresh copy of the migrated database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set). `env` adds configuration variables, as the environment would.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-test-'));
  const { source, drop } = await freshDatabase(inject('templateDir'), path.join(dataDir, 'db'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, ...env, ...(source.url ? { DATABASE_URL: source.url } : {}) }),
    ...overrides,
  };
  const database = await openDatabase({
    url: source.url,
    dataDir: source.dataDir,
    migrationsDir: MIGRATIONS_DIR,
  });
  let app: App;
  try {
    app = await buildApp({ config, database });
    await app.ready();
  } catch (err) {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second server on the PostgreSQL database of `first` (TEST_DATABASE_URL runs only), in this
 * process: its own pool, LISTEN connection, caches and in-process state, as another instance
 * behind a proxy would have. Closed before `first`.
 */
export async function createSecondInstance(first: TestApp): Promise<{ app: App; close(): Promise<void> }> {
  const url = first.config.databaseUrl;
  if (!url) throw new Error('a second instance needs PostgreSQL (TEST_DATABASE_URL)');
  const database = await openDatabase({ url, migrationsDir: MIGRATIONS_DIR });
  let app: App;
  try {
    app = await buildApp({ config: first.config, database });
    await app.ready();
  } catch (err) {
    await database.close();
    throw err;
  }
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Puts the test app on a real port, with a second server process on the same database beside it (what
 * one process publishes must reach the other's streams). Close `second` before the test app.
 */
export async function listenWithSecondProcess(
  t: TestApp,
): Promise<{ base: string; second: App; secondBase: string }> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const second = await buildApp({ config: t.config, database: t.app.ctx.database });
  await second.listen({ port: 0, host: '127.0.0.1' });
  return { base: urlOf(t.app), second, secondBase: urlOf(second) };
}

/**
 * Puts the test app and a second server on real ports, both on the test app's database: on PostgreSQL
 * (TEST_DATABASE_URL) a second instance with its own pool, LISTEN connection and memory, as another
 * process would have (createSecondInstance); on PGlite a second server on the same database
 * (listenWithSecondProcess). `close` closes the second server; the test app is closed after it.
 */
export async function listenOnTwoServers(
  t: TestApp,
): Promise<{ base: string; second: App; secondBase: string; close(): Promise<void> }> {
  if (!testDatabaseUrl) {
    const both = await listenWithSecondProcess(t);
    return { ...both, close: () => both.second.close() };
  }
  const other = await createSecondInstance(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await other.app.listen({ port: 0, host: '127.0.0.1' });
  return { base: urlOf(t.app), second: other.app, secondBase: urlOf(other.app), close: other.close };
}

/** The address of an app listening on a port of this machine, as `http://127.0.0.1:port`. */
export function urlOf(app: App): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A request through inject as `who`: a member, by their session cookie (or a Cookie header given as
 * text), or a visitor when `who` is undefined; `payload`, when given, is the JSON body.
 */
export function callAs(
  app: App,
  method: Method,
  url: string,
  who?: { cookie: string } | string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: typeof who === 'string' ? who : who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * `callAs` on the app `app()` returns when called (a file's test app is built in its beforeAll, after
 * this is made): `const call = apiCaller(() => t.app)`. A last argument sends the request to another app.
 */
export function apiCaller(app: () => App) {
  return (
    method: Method,
    url: string,
    who?: { cookie: string } | string,
    payload?: unknown,
    to: App = app(),
  ) => callAs(to, method, url, who, payload);
}

/** The `name=value` pair of the session cookie in a response, to send back as a Cookie header. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = all.find((c) => /tribe36_session=[^;]+/.test(c) && !/Max-Age=0/i.test(c));
  if (!cookie) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return cookie.split(';')[0]!;
}
