import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITE_EXPIRED,
  INVITE_INVALID,
  INVITE_REQUIRED,
  INVITE_REVOKED,
  INVITE_USED_UP,
  PENDING_APPROVAL,
  REQUEST_DECLINED,
  inviteTokenFromHash,
  type Admission,
} from '../common/contracts/community';
import { sql } from 'drizzle-orm';
import type { App } from '../server/app';
import { createSecondInstance, createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { testDatabaseUrl } from './helpers/database';
import { buildUser, memberAddress, type BuiltUser } from './helpers/factories';
import { readMailbox } from './helpers/mailbox';

const ADMIN = 'admission-coach@example.com';
const SECOND_ADMIN = 'second-admission-coach@example.com';
let t: TestApp;
let admin: BuiltUser;
let member: BuiltUser;
let n = 5000;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `${ADMIN},${SECOND_ADMIN}` });
  admin = await buildUser(t.app, { email: ADMIN });
  member = await buildUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const setAdmission = async (admission: Admission, app: App = t.app) => {
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/admin/community',
    headers: { cookie: admin.cookie },
    payload: { admission },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ admission, timeZone: 'UTC' });
};

/** Registers a new address (its own client address), with an invitation when given. */
async function register(invite?: string, app: App = t.app) {
  n += 1;
  const email = `joiner${n}.${process.pid}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: email, email, password: 'correct horse battery', ...(invite ? { invite } : {}) },
    remoteAddress: memberAddress(n),
  });
  return { res, email };
}

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const memberCount = async () => (await t.app.inject({ url: '/api/members/count' })).json().count as number;

async function createInvite(payload: object = {}) {
  const res = await post('/api/admin/invites', admin.cookie, payload);
  expect(res.statusCode).toBe(201);
  const body = res.json() as { invite: { id: string }; link: string };
  return { id: body.invite.id, link: body.link, token: inviteTokenFromHash(new URL(body.link).hash) };
}

describe('community settings', () => {
  it('are open by default, for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/community' })).statusCode).toBe(401);
    expect((await get('/api/admin/community', member.cookie)).statusCode).toBe(403);
    const res = await get('/api/admin/community', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ admission: 'open', timeZone: 'UTC' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/community',
      headers: { cookie: member.cookie },
      payload: { admission: 'invite' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('refuse an unknown mode with a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/community',
      headers: { cookie: admin.cookie },
      payload: { admission: 'closed' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/admission must be one of open, approval, invite/);
  });
});

describe('approval', () => {
  it('makes a pending member who may use only their account until a coach approves', async () => {
    await setAdmission('approval');
    try {
      const before = await memberCount();
      const { res, email } = await register();
      expect(res.statusCode).toBe(201);
      expect(res.json().user.membership).toBe('pending');
      const cookie = sessionCookieOf(res);
      // The waiting member: their own account answers, the community does not.
      expect((await get('/api/auth/me', cookie)).json().user.membership).toBe('pending');
      for (const url of ['/api/chat/community', '/api/members?search=a', '/api/progress']) {
        const refused = await get(url, cookie);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({ error: PENDING_APPROVAL });
      }
      const posted = await post('/api/chat/community', cookie, { content: 'hi', messageType: 'text' });
      expect(posted.statusCode).toBe(403);
      // Not counted as a member, not found by the member search nor at their profile's address.
      expect(await memberCount()).toBe(before);
      const username = res.json().user.username as string;
      const found = await get(`/api/members?search=${username}`, member.cookie);
      expect(found.json().map((m: { username: string }) => m.username)).not.toContain(username);
      expect((await get(`/api/members/username/${username}`, member.cookie)).statusCode).toBe(404);
      expect((await get(`/api/members/username/${username}`, admin.cookie)).statusCode).toBe(200);

      const list = await get('/api/admin/join-requests', admin.cookie);
      expect(list.statusCode).toBe(200);
      const request = (list.json().requests as Array<{ id: string; email: string; status: string }>).find(
        (r) => r.email === email,
      );
      expect(request?.status).toBe('pending');
      expect((await get('/api/admin/join-requests', member.cookie)).statusCode).toBe(403);

      const approved = await post(`/api/admin/join-requests/${request!.id}/approve`, admin.cookie);
      expect(approved.statusCode).toBe(200);
      // At once: the same session now reaches the community, and the count includes them.
      expect((await get('/api/chat/community', cookie)).statusCode).toBe(200);
      expect((await get('/api/auth/me', cookie)).json().user.membership).toBe('active');
      expect(await memberCount()).toBe(before + 1);
      expect((await get(`/api/members/username/${username}`, member.cookie)).statusCode).toBe(200);
      await expect
        .poll(() => readMailbox(t.dataDir).some((m) => m.to.includes(email) && /approved/i.test(m.subject)))
        .toBe(true);
      // Approving twice is a conflict; unknown ids 404; malformed 400.
      expect((await post(`/api/admin/join-requests/${request!.id}/approve`, admin.cookie)).statusCode).toBe(
        409,
      );
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await post(`/api/admin/join-requests/${unknown}/approve`, admin.cookie)).statusCode).toBe(404);
      expect((await post(`/api/admin/join-requests/nope/decline`, admin.cookie)).statusCode).toBe(400);
    } finally {
      await setAdmission('open');
    }
  });

  it('declines: the account stays declined (the address taken), told by mail and on every call', async () => {
    await setAdmission('approval');
    try {
      const { res, email } = await register();
      const cookie = sessionCookieOf(res);
      const id = res.json().user.id as string;
      const declined = await post(`/api/admin/join-requests/${id}/decline`, admin.cookie);
      expect(declined.statusCode).toBe(200);
      expect(declined.json().request.status).toBe('declined');
      const refused = await get('/api/chat/community', cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: REQUEST_DECLINED });
      expect((await get('/api/auth/me', cookie)).json().user.membership).toBe('declined');
      // The same address cannot ask again at once.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: email, email, password: 'correct horse battery' },
        remoteAddress: memberAddress(9999),
      });
      expect(again.statusCode).toBe(409);
      await expect
        .poll(() => readMailbox(t.dataDir).some((m) => m.to.includes(email) && /request/i.test(m.subject)))
        .toBe(true);
      expect((await post(`/api/admin/join-requests/${id}/decline`, admin.cookie)).statusCode).toBe(409);
      // The member may still delete their account.
      const deleted = await post('/api/auth/delete-account', cookie, { password: 'correct horse battery' });
      expect(deleted.statusCode).toBe(200);
    } finally {
      await setAdmission('open');
    }
  });

  it('holds an ADMIN_EMAILS address back until it is proven, then lets the administrator in', async () => {
    await setAdmission('approval');
    try {
      const { res } = await register();
      expect(res.json().user.membership).toBe('pending');
      // buildUser proves an ADMIN_EMAILS address (decision 2): an administrator is always a member.
      const coach = await buildUser(t.app, { email: SECOND_ADMIN });
      expect(coach.user.isAdmin).toBe(true);
      expect(coach.user.membership).toBe('active');
      expect((await get('/api/admin/join-requests', coach.cookie)).statusCode).toBe(200);
    } finally {
      await setAdmission('open');
    }
  });
});

describe('invitations', () => {
  it('are refused without one while admission is by invitation', async () => {
    await setAdmission('invite');
    try {
      const { res } = await register();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: INVITE_REQUIRED });
      const forged = await register('A'.repeat(43));
      expect(forged.res.statusCode).toBe(403);
      expect(forged.res.json()).toEqual({ error: INVITE_INVALID });
    } finally {
      await setAdmission('open');
    }
  });

  it('admit through the link at once, count their uses, and are listed for admins only', async () => {
    await setAdmission('invite');
    try {
      const { id, link, token } = await createInvite({ maxUses: 2 });
      expect(link).toMatch(/\/join#invite=[A-Za-z0-9_-]{43}$/);
      const { res } = await register(token);
      expect(res.statusCode).toBe(201);
      expect(res.json().user.membership).toBe('active');
      expect((await get('/api/chat/community', sessionCookieOf(res))).statusCode).toBe(200);
      const list = await get('/api/admin/invites', admin.cookie);
      expect(list.statusCode).toBe(200);
      const listed = (list.json().invites as Array<{ id: string; uses: number; state: string }>).find(
        (i) => i.id === id,
      );
      expect(listed).toMatchObject({ uses: 1, state: 'active' });
      // The token is stored only hashed: the list never shows it.
      expect(list.body).not.toContain(token);
      expect((await get('/api/admin/invites', member.cookie)).statusCode).toBe(403);
      // A registration that fails (the address is taken) gives its use back.
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: member.email, password: 'correct horse battery', invite: token },
        remoteAddress: memberAddress(9998),
      });
      expect(taken.statusCode).toBe(409);
      const after = (await get('/api/admin/invites', admin.cookie)).json().invites as Array<{
        id: string;
        uses: number;
      }>;
      expect(after.find((i) => i.id === id)?.uses).toBe(1);
    } finally {
      await setAdmission('open');
    }
  });

  it('name why they cannot be used: used up, revoked, expired', async () => {
    await setAdmission('invite');
    try {
      const once = await createInvite({ maxUses: 1 });
      expect((await register(once.token)).res.statusCode).toBe(201);
      const usedUp = await register(once.token);
      expect(usedUp.res.statusCode).toBe(403);
      expect(usedUp.res.json()).toEqual({ error: INVITE_USED_UP });

      const revoked = await createInvite();
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/invites/${revoked.id}`,
        headers: { cookie: admin.cookie },
      });
      expect(del.statusCode).toBe(200);
      expect(del.json().invite.state).toBe('revoked');
      const refused = await register(revoked.token);
      expect(refused.res.statusCode).toBe(403);
      expect(refused.res.json()).toEqual({ error: INVITE_REVOKED });

      const soon = await createInvite({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
      await t.app.ctx.database.db.execute(
        sql`update invites set expires_at = now() - interval '1 second' where id = ${soon.id}`,
      );
      const expired = await register(soon.token);
      expect(expired.res.statusCode).toBe(403);
      expect(expired.res.json()).toEqual({ error: INVITE_EXPIRED });
    } finally {
      await setAdmission('open');
    }
  });

  it('give the last use to exactly one of two registrations at once', async () => {
    await setAdmission('invite');
    try {
      const last = await createInvite({ maxUses: 1 });
      const results = await Promise.all([register(last.token), register(last.token)]);
      const codes = results.map((r) => r.res.statusCode).sort();
      expect(codes).toEqual([201, 403]);
      expect(results.find((r) => r.res.statusCode === 403)!.res.json()).toEqual({ error: INVITE_USED_UP });
    } finally {
      await setAdmission('open');
    }
  });

  it('refuse bad input: 400 naming the field, 404 for an unknown id', async () => {
    for (const payload of [
      { maxUses: 0 },
      { maxUses: 1.5 },
      { expiresAt: 'tomorrow' },
      { expiresAt: '2000-01-01T00:00:00Z' },
    ]) {
      const res = await post('/api/admin/invites', admin.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(/maxUses|expiresAt/);
    }
    expect((await post('/api/admin/invites', member.cookie, {})).statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/invites/00000000-0000-4000-8000-000000000000',
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('are ignored while admission is open', async () => {
    const { res } = await register('A'.repeat(43));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.membership).toBe('active');
  });
});

describe('the audit', () => {
  it('records approvals, declines, invitations and the setting', async () => {
    const rows = (await t.app.ctx.database.db.execute(
      sql`select action from moderation_audit order by id`,
    )) as unknown as { rows?: Array<{ action: string }> } & Array<{ action: string }>;
    const actions = (rows.rows ?? rows).map((r) => r.action);
    for (const action of [
      'community.updated',
      'join-request.approved',
      'join-request.declined',
      'invite.created',
      'invite.revoked',
    ]) {
      expect(actions).toContain(action);
    }
  });
});

describe.runIf(testDatabaseUrl)('on two server processes', () => {
  it('a change of admission holds at once on the other', async () => {
    const other = await createSecondInstance(t);
    try {
      await setAdmission('invite');
      const { res } = await register(undefined, other.app);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: INVITE_REQUIRED });
      await setAdmission('open');
      expect((await register(undefined, other.app)).res.statusCode).toBe(201);
    } finally {
      await setAdmission('open');
      await other.close();
    }
  });
});
