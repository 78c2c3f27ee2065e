import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_EVENT } from '../common/contracts/chat-stream';
import type { App } from '../server/app';
import { sessions } from '../server/db/schema';
import { hashToken } from '../server/storage/session-store';
import { createTestApp, listenWithSecondProcess, sessionCookieOf, type TestApp } from './helpers/app';
import { testDatabaseUrl } from './helpers/database';
import { buildUser, type BuiltUser } from './helpers/factories';
import { startServer, type ServerProcess } from './helpers/server-process';
import { openStream } from './helpers/sse';

/** The promise: every open stream of a session ends within 2 s of the session's end. */
const ENDS_WITHIN_MS = 2000;
const ADMIN = 'stream-coach@example.com';

let t: TestApp;
let second: App;
let admin: BuiltUser;
let base: string;
let secondBase: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await buildUser(t.app, { email: ADMIN });
  // A second server on the same database: its own session cache and streams, the same NOTIFY.
  ({ base, second, secondBase } = await listenWithSecondProcess(t));
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function openedStream(url: string, cookie: string) {
  const stream = openStream(url, cookie);
  await expect.poll(() => stream.status()).toBe(200);
  return stream;
}

/** Waits for the stream to be ended by the server with the session-ended event. */
async function expectEndedBySession(stream: ReturnType<typeof openStream>) {
  await expect.poll(() => stream.ended(), { timeout: ENDS_WITHIN_MS, interval: 20 }).toBe(true);
  expect(stream.named).toEqual([SESSION_ENDED_EVENT]);
}

/** The member signed in a second time (another browser): that session's cookie. */
async function anotherSession(m: BuiltUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: m.email, password: m.password },
  });
  return sessionCookieOf(res);
}

const post = (url: string, cookie: string, pathname: string, payload?: object) =>
  fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });

describe('an open chat stream ends with its session', () => {
  it('after a logout, and the session cannot open a new one', async () => {
    const m = await buildUser(t.app);
    const stream = await openedStream(base, m.cookie);
    expect((await post(base, m.cookie, '/api/auth/logout')).status).toBe(200);
    await expectEndedBySession(stream);
    const again = await fetch(`${base}/api/chat/community/stream`, { headers: { cookie: m.cookie } });
    expect(again.status).toBe(401);
  });

  it("after an admin's password reset, on every stream of the member", async () => {
    const m = await buildUser(t.app);
    const laptop = await openedStream(base, m.cookie);
    const phone = await openedStream(secondBase, await anotherSession(m));
    const reset = await post(base, admin.cookie, `/api/admin/members/${m.user.id}/reset-password`);
    expect(reset.status).toBe(200);
    await expectEndedBySession(laptop);
    await expectEndedBySession(phone);
  });

  it('when the session expires while the stream is open', async () => {
    const m = await buildUser(t.app);
    const tokenHash = hashToken(m.cookie.split('=')[1]!);
    await t.app.ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.tokenHash, tokenHash));
    await t.app.ctx.sessions.userChanged(m.user.id); // drop the cached copy, as any change would
    const stream = await openedStream(base, m.cookie);
    const opened = Date.now();
    await expect.poll(() => stream.ended(), { timeout: 1500 + ENDS_WITHIN_MS, interval: 20 }).toBe(true);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(1000); // not before the expiry
    expect(stream.named).toEqual([SESSION_ENDED_EVENT]);
  });

  it('on another server process after a logout there', async () => {
    const m = await buildUser(t.app);
    const stream = await openedStream(secondBase, m.cookie);
    expect((await post(base, m.cookie, '/api/auth/logout')).status).toBe(200);
    await expectEndedBySession(stream);
  });

  it("ends the member's other sessions' streams on a password change, not this one's", async () => {
    const m = await buildUser(t.app);
    const other = await openedStream(secondBase, await anotherSession(m));
    const mine = await openedStream(base, m.cookie);
    const changed = await post(base, m.cookie, '/api/auth/change-password', {
      currentPassword: m.password,
      newPassword: 'a brand new secret',
    });
    expect(changed.status).toBe(200);
    await expectEndedBySession(other);
    // A profile edit also notifies every server about the member: it must not end anything.
    const edit = await fetch(`${base}/api/auth/profile`, {
      method: 'PATCH',
      headers: { cookie: m.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ school: 'Mater Dei' }),
    });
    expect(edit.status).toBe(200);
    const sent = await post(base, m.cookie, '/api/chat/community', {
      content: 'still here',
      messageType: 'text',
    });
    expect(sent.status).toBe(201);
    await expect.poll(() => mine.events.map((e) => e.data.content)).toContain('still here');
    expect(mine.ended()).toBe(false);
    mine.close();
  });
});

// Two real server processes need a database both can open: PostgreSQL (CI runs this suite on it).
describe.runIf(testDatabaseUrl)('across two server processes on PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a logout or a reset through one ends the streams held by the other', async () => {
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-streams-'));
      dirs.push(dataDir);
      servers.push(
        await startServer({ DATA_DIR: dataDir, DATABASE_URL: t.config.databaseUrl!, ADMIN_EMAILS: ADMIN }),
      );
    }
    const [one, two] = servers.map((s) => s.url) as [string, string];
    const login = async (email: string, password: string) => {
      const res = await fetch(`${one}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password }),
      });
      expect(res.status).toBe(200);
      return res.headers.getSetCookie()[0]!.split(';')[0]!;
    };
    const m = await buildUser(t.app);
    const coach = await login(ADMIN, admin.password);

    const cookie = await login(m.email, m.password);
    const byLogout = await openedStream(two, cookie);
    expect((await post(one, cookie, '/api/auth/logout')).status).toBe(200);
    await expectEndedBySession(byLogout);

    const byReset = await openedStream(two, await login(m.email, m.password));
    expect((await post(one, coach, `/api/admin/members/${m.user.id}/reset-password`)).status).toBe(200);
    await expectEndedBySession(byReset);
  });
});
