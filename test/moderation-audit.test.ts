// The moderation audit (issue 31, decision 53): GET /api/admin/audit for administrators only, newest
// first and paged; entries keep their usernames when the accounts are deleted later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditResponse } from '../common/contracts/moderation';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';

let t: TestApp;
let coach: BuiltUser;
let ann: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'coach@example.com' });
  coach = await buildUser(t.app, { email: 'coach@example.com' });
  ann = await buildUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const audit = (query: string, who?: BuiltUser) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/audit${query}`,
    headers: who ? { cookie: who.cookie } : {},
  });
const actorOf = (u: BuiltUser) => ({ user: { id: u.user.id, username: u.user.username }, isAdmin: true });

describe('GET /api/admin/audit', () => {
  it('answers a visitor 401 and a member 403 with the rule’s sentence', async () => {
    expect((await audit('')).statusCode).toBe(401);
    const member = await audit('', ann);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: 'Only administrators can read the moderation log' });
  });

  it('refuses a bad cursor or limit with 400 naming the field', async () => {
    const bad = await audit('?before=abc', coach);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/before/);
    const big = await audit('?limit=1000', coach);
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toMatch(/limit/);
  });

  it('lists what was recorded, newest first, a page at a time, in the caller’s transaction too', async () => {
    const before = (await audit('?limit=100', coach)).json() as AuditResponse;
    for (let i = 1; i <= 3; i++) {
      await t.app.ctx.audit.record(actorOf(coach), {
        action: 'member.suspended',
        target: { id: ann.user.id, username: ann.user.username },
        reason: `reason ${i}`,
        details: { n: i },
      });
    }
    // Written inside a transaction that rolls back: nothing is kept.
    await t.app.ctx.database.db
      .transaction(async (tx) => {
        await t.app.ctx.audit.record(actorOf(coach), { action: 'member.unsuspended', reason: 'undone' }, tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const first = await audit('?limit=2', coach);
    expect(first.statusCode).toBe(200);
    const page = first.json() as AuditResponse;
    expect(page.entries.map((e) => e.reason)).toEqual(['reason 3', 'reason 2']);
    expect(page.entries[0]).toMatchObject({
      actor: { id: coach.user.id, username: coach.user.username },
      action: 'member.suspended',
      target: { id: ann.user.id, username: ann.user.username },
      subject: null,
      details: { n: 3 },
    });
    expect(page.nextCursor).toBe(page.entries[1]!.id);
    const second = (await audit(`?limit=2&before=${page.nextCursor}`, coach)).json() as AuditResponse;
    expect(second.entries[0]!.reason).toBe('reason 1');
    const all = (await audit('?limit=100', coach)).json() as AuditResponse;
    expect(all.entries.length).toBe(before.entries.length + 3);
    expect(all.entries.some((e) => e.reason === 'undone')).toBe(false);
  });

  it('keeps an entry, with the usernames as they were, after its member deletes their account', async () => {
    const gone = await buildUser(t.app);
    await t.app.ctx.audit.record(actorOf(coach), {
      action: 'message.removed',
      target: { id: gone.user.id, username: gone.user.username },
      subject: { kind: 'chat', ref: 12 },
      reason: 'spam',
      details: { content: 'buy now' },
    });
    const del = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      headers: { cookie: gone.cookie },
      payload: { password: gone.password },
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const entries = ((await audit('', coach)).json() as AuditResponse).entries;
    const entry = entries.find((e) => e.target?.username === gone.user.username);
    expect(entry).toMatchObject({
      action: 'message.removed',
      subject: { kind: 'chat', ref: '12' },
      reason: 'spam',
      details: { content: 'buy now' },
    });
  });
});
