import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_EVENT } from '../common/contracts/chat-stream';
import { suspendedMessage } from '../common/contracts/community';
import type { App } from '../server/app';
import { createTestApp, listenOnTwoServers, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';
import { mailedTokens } from './helpers/mailbox';
import { openStream } from './helpers/sse';

/** The promise: a suspended member's streams end within 2 s, on every process. */
const ENDS_WITHIN_MS = 2000;
const ADMIN = 'suspension-coach@example.com';
const OTHER_ADMIN = 'suspension-coach-two@example.com';

let t: TestApp;
let admin: BuiltUser;
let otherAdmin: BuiltUser;
/** A second server on the same database: on PostgreSQL its own pool and LISTEN connection. */
let second: { app: App; close(): Promise<void> };
let base: string;
let secondBase: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `${ADMIN},${OTHER_ADMIN}` });
  admin = await buildUser(t.app, { email: ADMIN });
  otherAdmin = await buildUser(t.app, { email: OTHER_ADMIN });
  const both = await listenOnTwoServers(t);
  ({ base, secondBase } = both);
  second = { app: both.second, close: both.close };
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const suspend = (id: string, payload: object, cookie = admin.cookie) =>
  post(`/api/admin/members/${id}/suspend`, cookie, payload);
const login = (m: BuiltUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: m.email, password: m.password },
  });

describe('suspension', () => {
  it("ends the member's sessions at once, on every process, and their open streams", async () => {
    const m = await buildUser(t.app);
    const here = openStream(base, m.cookie);
    const phone = sessionCookieOf(await login(m));
    const there = openStream(secondBase, phone);
    await expect.poll(() => here.status()).toBe(200);
    await expect.poll(() => there.status()).toBe(200);
    // The other process has the session cached: it must still end it at once.
    expect((await second.app.inject({ url: '/api/auth/me', headers: { cookie: phone } })).statusCode).toBe(
      200,
    );

    const res = await suspend(m.user.id, { reason: 'Spam in the chat' });
    expect(res.statusCode).toBe(200);
    expect(res.json().suspension).toMatchObject({ reason: 'Spam in the chat', until: null });

    for (const stream of [here, there]) {
      await expect.poll(() => stream.ended(), { timeout: ENDS_WITHIN_MS, interval: 20 }).toBe(true);
      expect(stream.named).toEqual([SESSION_ENDED_EVENT]);
    }
    expect((await second.app.inject({ url: '/api/auth/me', headers: { cookie: phone } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).statusCode).toBe(401);
  });

  it('refuses sign-in with the reason and the end date, until the end date passes', async () => {
    const m = await buildUser(t.app);
    const until = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    until.setUTCSeconds(0, 0);
    expect(
      (await suspend(m.user.id, { reason: 'Cooling off.', until: until.toISOString() })).statusCode,
    ).toBe(200);
    const refused = await login(m);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: suspendedMessage('Cooling off.', until) });
    expect(refused.json().error).toMatch(
      /^This account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Reason: Cooling off\.$/,
    );
    // A wrong password is told nothing about the suspension.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: m.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    // The end date passes (moved into the past here rather than waited for): sign-in works again.
    await t.app.ctx.database.db.execute(
      sql`update users set suspended_until = now() - interval '1 second' where id = ${m.user.id}`,
    );
    await t.app.ctx.sessions.userChanged(m.user.id);
    expect((await login(m)).statusCode).toBe(200);
  });

  it('ends at once with unsuspend', async () => {
    const m = await buildUser(t.app);
    expect((await suspend(m.user.id, { reason: 'Rude' })).statusCode).toBe(200);
    expect((await login(m)).json()).toEqual({ error: suspendedMessage('Rude', null) });
    const list = await t.app.inject({ url: '/api/admin/members', headers: { cookie: admin.cookie } });
    expect(list.json().find((x: { id: string }) => x.id === m.user.id).suspension).toMatchObject({
      reason: 'Rude',
      until: null,
    });
    const res = await post(`/api/admin/members/${m.user.id}/unsuspend`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const back = await login(m);
    expect(back.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookieOf(back) } })).statusCode,
    ).toBe(200);
  });

  it("a reset link changes a suspended member's password but does not sign them in: it says why", async () => {
    const m = await buildUser(t.app);
    expect((await suspend(m.user.id, { reason: 'Spam' })).statusCode).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: m.email },
    });
    expect(asked.statusCode).toBe(200);
    await t.app.ctx.passwordReset.drain();
    await t.app.ctx.mail.flush();
    const [token] = mailedTokens(t.dataDir, m.email, '/reset-password');
    expect(token).toBeTruthy();
    const newPassword = 'a brand new passphrase 42';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toEqual({ error: suspendedMessage('Spam', null) });
    expect(String(reset.headers['set-cookie'] ?? '')).not.toMatch(/tribe36_session=[^;]+/);
    // The new password is theirs: sign-in with it is refused for the suspension, not the password.
    const refused = await login({ ...m, password: newPassword });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: suspendedMessage('Spam', null) });
  });

  it('with removeMessages, leaves nothing they posted reachable', async () => {
    const m = await buildUser(t.app);
    const viewer = await buildUser(t.app);
    const sent = await post('/api/chat/community', m.cookie, {
      content: 'buy my stuff',
      messageType: 'text',
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().id as number;
    const stream = openStream(secondBase, viewer.cookie);
    await expect.poll(() => stream.status()).toBe(200);
    const res = await suspend(m.user.id, { reason: 'Spam', removeMessages: true });
    expect(res.statusCode).toBe(200);
    const page = await t.app.inject({ url: '/api/chat/community', headers: { cookie: viewer.cookie } });
    expect(page.json().map((x: { id: number }) => x.id)).not.toContain(id);
    // Open streams on the other process are told to take it off.
    await expect.poll(() => stream.deleted, { timeout: ENDS_WITHIN_MS }).toContain(id);
    stream.close();
  });

  it('is recorded in the audit, suspension and unsuspension', async () => {
    const rows = (await t.app.ctx.database.db.execute(
      sql`select action, reason from moderation_audit where action like 'member.%' order by id`,
    )) as unknown as { rows?: Array<{ action: string }> } & Array<{ action: string }>;
    const actions = (rows.rows ?? rows).map((r) => r.action);
    expect(actions).toContain('member.suspended');
    expect(actions).toContain('member.unsuspended');
  });

  it('refuses: not an admin 403, oneself or another admin 403, unknown 404, bad body 400', async () => {
    const m = await buildUser(t.app);
    const other = await buildUser(t.app);
    expect((await suspend(other.user.id, { reason: 'x' }, m.cookie)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/members/${m.user.id}/suspend`,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    const self = await suspend(admin.user.id, { reason: 'x' });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('A coach cannot suspend themselves or another coach');
    expect((await suspend(otherAdmin.user.id, { reason: 'x' })).statusCode).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await suspend(unknown, { reason: 'x' })).statusCode).toBe(404);
    expect((await post(`/api/admin/members/${unknown}/unsuspend`, admin.cookie)).statusCode).toBe(404);
    for (const [payload, field] of [
      [{}, /reason is required/],
      [{ reason: '   ' }, /reason is required/],
      [{ reason: 'x', until: 'soon' }, /until/],
      [{ reason: 'x', until: '2001-01-01T00:00:00Z' }, /until must be in the future/],
      [{ reason: 'x', removeMessages: 'yes' }, /removeMessages/],
    ] as const) {
      const res = await suspend(m.user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(field);
    }
    expect((await suspend('nope', { reason: 'x' })).statusCode).toBe(400);
    // The member was never suspended by any of these.
    expect((await login(m)).statusCode).toBe(200);
  });
});
