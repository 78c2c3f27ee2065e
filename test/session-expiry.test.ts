import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../server/app';
import { sessions } from '../server/db/schema';
import { hashToken } from '../server/storage/session-store';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser } from './helpers/factories';

let t: TestApp;
let second: App;
beforeAll(async () => {
  t = await createTestApp();
  // A second server process on the same database: its own session cache, the same NOTIFY channel.
  second = await buildApp({ config: t.config, database: t.app.ctx.database });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;
const me = (app: App, cookie: string) => app.inject({ url: '/api/auth/me', headers: { cookie } });
const tokenHashOf = (cookie: string) => hashToken(cookie.split('=')[1]!);

describe('session expiry and invalidation', () => {
  it('ends a session idle for 7 days', async () => {
    const m = await buildUser(t.app);
    expect((await me(t.app, m.cookie)).statusCode).toBe(200);
    await t.app.ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 7 * DAY - 1000) })
      .where(eq(sessions.tokenHash, tokenHashOf(m.cookie)));
    await t.app.ctx.sessions.userChanged(m.user.id); // as any change would, drop the cached copy
    expect((await me(t.app, m.cookie)).statusCode).toBe(401);
  });

  it('ends a session 30 days after sign-in however active it was', async () => {
    const m = await buildUser(t.app);
    await t.app.ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHashOf(m.cookie)));
    await t.app.ctx.sessions.userChanged(m.user.id);
    expect((await me(t.app, m.cookie)).statusCode).toBe(401);
  });

  it('a logout on one server ends the session on every server at once', async () => {
    const m = await buildUser(t.app);
    expect((await me(second, m.cookie)).statusCode).toBe(200); // now cached by the second server
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: m.cookie },
    });
    expect(out.statusCode).toBe(200);
    await expect.poll(async () => (await me(second, m.cookie)).statusCode, { timeout: 5000 }).toBe(401);
  });

  it('a profile change on one server shows on every server at once', async () => {
    const m = await buildUser(t.app);
    expect((await me(second, m.cookie)).json().user.school).toBeNull();
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { cookie: m.cookie },
      payload: { school: 'Mater Dei' },
    });
    await expect
      .poll(async () => (await me(second, m.cookie)).json().user.school, { timeout: 5000 })
      .toBe('Mater Dei');
  });
});
