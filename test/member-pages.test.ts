// The Think Tank pages prerendered for members (docs/decisions.md decision 33), the own profile's frame
// (decision 68) and another member's frame (decision 75): sent only to a request whose session cookie
// names a live session; everyone else gets the layout shell, as before. Another member's frame carries
// their picture only for a viewer to whom the API would show it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../server/db/schema';
import { MEMBER_PICTURE_SLOT } from '../common/member-page-path';
import { hashToken } from '../server/storage/session-store';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser } from './helpers/factories';

const SHELL =
  '<!doctype html><title>Tribe36</title><div id="root" data-prerendered="shell"><header>Tribe36</header></div>';
const HOME =
  '<!doctype html><title>Tribe36</title><div id="root" data-prerendered="home">Find your tribe</div>';
/** A lesson's text, as only a member may read it. */
const CURRICULUM = 'Lesson 203 · Systems Theory: members only';
const MEMBER_PAGE = `<!doctype html><title>Physiological · Tribe36</title><div id="root" data-prerendered="member">${CURRICULUM.repeat(20)}</div>`;
const PAGE_URL = '/think-tanks/physiological';
const PAGE_FILE = 'think-tanks--physiological.html';
/** The own profile's frames: the plain one, and the one with the e-mail note's outline. */
const FRAME = 'My Profile frame: Athletic Profile, Recording Calendar';
const PROFILE_PAGE = `<!doctype html><title>My Profile · Tribe36</title><div id="root" data-prerendered="member">${FRAME}</div>`;
const UNCONFIRMED_PAGE = `<!doctype html><title>My Profile · Tribe36</title><div id="root" data-prerendered="member" data-variant="email-unconfirmed">${FRAME} + Confirm your e-mail address</div>`;

/** Another member's frame, the same for all: the picture's slot as React writes it, and nothing else. */
const MEMBER_FRAME = `<!doctype html><title>Member · Tribe36</title><div id="root" data-prerendered="member"><div class="size-24"><img ${MEMBER_PICTURE_SLOT} alt=""/></div><h2>Athletic Profile</h2></div>`;
const ADMIN_MEMBER_FRAME = `<!doctype html><title>Member · Tribe36</title><div id="root" data-prerendered="member" data-variant="admin"><div class="size-24"><img ${MEMBER_PICTURE_SLOT} alt=""/></div><h2>Athletic Profile</h2></div>`;
const COACH = 'coach.member-pages@example.com';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-member-pages-'));
  const clientDir = path.join(dir, 'client');
  const memberPagesDir = path.join(dir, 'member-pages');
  fs.mkdirSync(clientDir);
  fs.mkdirSync(memberPagesDir);
  fs.writeFileSync(path.join(clientDir, 'index.html'), HOME);
  fs.writeFileSync(path.join(clientDir, 'shell.html'), SHELL);
  fs.writeFileSync(path.join(memberPagesDir, PAGE_FILE), MEMBER_PAGE);
  fs.writeFileSync(path.join(memberPagesDir, `${PAGE_FILE}.br`), zlib.brotliCompressSync(MEMBER_PAGE));
  fs.writeFileSync(path.join(memberPagesDir, 'profile.html'), PROFILE_PAGE);
  fs.writeFileSync(path.join(memberPagesDir, 'profile@email-unconfirmed.html'), UNCONFIRMED_PAGE);
  fs.writeFileSync(path.join(memberPagesDir, 'member--_.html'), MEMBER_FRAME);
  fs.writeFileSync(path.join(memberPagesDir, 'member--_.html.br'), zlib.brotliCompressSync(MEMBER_FRAME));
  fs.writeFileSync(path.join(memberPagesDir, 'member--_@admin.html'), ADMIN_MEMBER_FRAME);
  fs.writeFileSync(
    path.join(memberPagesDir, 'pages.json'),
    JSON.stringify({
      [PAGE_URL]: PAGE_FILE,
      '/profile': 'profile.html',
      '/profile#email-unconfirmed': 'profile@email-unconfirmed.html',
      '/member/*': 'member--_.html',
      '/member/*#admin': 'member--_@admin.html',
    }),
  );
  t = await createTestApp({ ADMIN_EMAILS: COACH }, { clientDir, memberPagesDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

/** The stored hash of the session token in `cookie` (`tribe36_session=<token>`). */
const tokenHashOf = (cookie: string) => hashToken(cookie.split('=')[1]!);

/** A member whose session has expired (30 days after sign-in), its cached copy dropped as any change would. */
async function expiredMember() {
  const old = await buildUser(t.app);
  await t.app.ctx.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.tokenHash, tokenHashOf(old.cookie)));
  await t.app.ctx.sessions.userChanged(old.user.id);
  return old;
}

/** The page a browser was sent: the shell, with nothing of the curriculum, revalidated, by cookie. */
function expectShell(res: Awaited<ReturnType<typeof page>>) {
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe(SHELL);
  expect(res.body).not.toContain(CURRICULUM);
  expect(res.body).not.toContain(FRAME);
  expect(res.body).not.toContain('Athletic Profile');
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
}

describe('a Think Tank page prerendered for members', () => {
  it('goes to a live session, private to it, and compressed when the browser accepts it', async () => {
    const m = await buildUser(t.app);
    const res = await page(PAGE_URL, { cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(MEMBER_PAGE);
    // A shared cache must never keep it for someone else.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary).toLowerCase()).toContain('cookie');

    const br = await page(PAGE_URL, { cookie: m.cookie, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(MEMBER_PAGE);
    expect(br.headers['cache-control']).toBe('private, no-cache');
  });

  it('never goes to a visitor, a forged cookie, or a session that ended', async () => {
    expectShell(await page(PAGE_URL));
    expectShell(await page(`${PAGE_URL}?x=1`));
    expectShell(await page(PAGE_URL, { cookie: 'tribe36_session=not-a-session' }));
    expectShell(await page(PAGE_URL, { cookie: `tribe36_session=${'x'.repeat(500)}` }));

    // Signed out (the session revoked).
    const out = await buildUser(t.app);
    expect((await page(PAGE_URL, { cookie: out.cookie })).body).toBe(MEMBER_PAGE);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: out.cookie },
    });
    expect(logout.statusCode).toBe(200);
    expectShell(await page(PAGE_URL, { cookie: out.cookie }));

    // Expired: 30 days after sign-in.
    const old = await expiredMember();
    expectShell(await page(PAGE_URL, { cookie: old.cookie }));
  });

  it('is only the page of its own path, and never a file of its own', async () => {
    const m = await buildUser(t.app);
    // Another members' page has no prerendered copy: the shell, as before.
    expectShell(await page('/settings', { cookie: m.cookie }));
    expectShell(await page('/profile/edit', { cookie: m.cookie }));
    expectShell(await page('/profile%23email-unconfirmed', { cookie: m.cookie }));
    expectShell(await page(`${PAGE_URL}/`, { cookie: m.cookie }));
    // The files are outside the public folder.
    for (const url of [
      `/${PAGE_FILE}`,
      '/pages.json',
      `/member-pages/${PAGE_FILE}`,
      `/../member-pages/${PAGE_FILE}`,
      '/profile.html',
      '/profile@email-unconfirmed.html',
    ]) {
      const res = await page(url, { cookie: m.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(CURRICULUM);
    }
  });
});

/** Marks `m`'s address confirmed, as the link in the mail does. */
async function confirmEmail(m: Awaited<ReturnType<typeof buildUser>>) {
  await t.app.ctx.database.db
    .update(users)
    .set({ emailConfirmedAt: new Date() })
    .where(eq(users.id, m.user.id));
  await t.app.ctx.sessions.userChanged(m.user.id);
}

describe("the own profile's frame", () => {
  it('goes to a live session: with the e-mail note while the address is unconfirmed, without after', async () => {
    const m = await buildUser(t.app);
    const unconfirmed = await page('/profile', { cookie: m.cookie });
    expect(unconfirmed.statusCode).toBe(200);
    expect(unconfirmed.body).toBe(UNCONFIRMED_PAGE);
    expect(unconfirmed.headers['cache-control']).toBe('private, no-cache');
    expect(String(unconfirmed.headers.vary).toLowerCase()).toContain('cookie');

    await confirmEmail(m);
    const confirmed = await page('/profile?tab=1', { cookie: m.cookie });
    expect(confirmed.body).toBe(PROFILE_PAGE);
    expect(confirmed.headers['cache-control']).toBe('private, no-cache');
  });

  it('never goes to a visitor, a forged cookie, or a session that ended', async () => {
    expectShell(await page('/profile'));
    expectShell(await page('/profile', { cookie: 'tribe36_session=not-a-session' }));
    expectShell(await page('/profile', { cookie: `tribe36_session=${'x'.repeat(500)}` }));

    const out = await buildUser(t.app);
    await confirmEmail(out);
    expect((await page('/profile', { cookie: out.cookie })).body).toBe(PROFILE_PAGE);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: out.cookie } });
    expectShell(await page('/profile', { cookie: out.cookie }));

    const old = await expiredMember();
    expectShell(await page('/profile', { cookie: old.cookie }));
  });
});

/** Gives `m` a stored picture (as PUT /api/auth/profile-picture would) and returns its URL. */
async function givePicture(m: Awaited<ReturnType<typeof buildUser>>): Promise<string> {
  const url = `/api/media/${crypto.randomUUID()}`;
  await t.app.ctx.database.db.update(users).set({ profilePicture: url }).where(eq(users.id, m.user.id));
  return url;
}

/** What the API answers `viewer` for `m`'s profile. */
const profileAnswer = (viewer: { cookie: string }, m: { user: { username: string } }) =>
  t.app.inject({ url: `/api/members/username/${m.user.username}`, headers: { cookie: viewer.cookie } });

/** The frame as sent to `viewer` for `m`'s page, decoded. */
async function memberPage(
  viewer: { cookie?: string },
  m: { user: { username: string } },
  encoding = 'identity',
) {
  const headers: Record<string, string> = { 'accept-encoding': encoding };
  if (viewer.cookie) headers.cookie = viewer.cookie;
  const res = await t.app.inject({ method: 'GET', url: `/member/${m.user.username}`, headers });
  const body =
    res.headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(res.rawPayload).toString()
      : res.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(res.rawPayload).toString()
        : res.body;
  return { res, body };
}

describe("another member's frame", () => {
  it('carries the picture, as its small version, to a member the API shows it to', async () => {
    const [viewer, other] = [await buildUser(t.app), await buildUser(t.app)];
    const picture = await givePicture(other);
    expect((await profileAnswer(viewer, other)).json().profilePicture).toBe(picture);

    for (const encoding of ['identity', 'br', 'gzip']) {
      const { res, body } = await memberPage(viewer, other, encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(body).toBe(
        MEMBER_FRAME.replace(MEMBER_PICTURE_SLOT, `src="${picture}?size=small" fetchpriority="high"`),
      );
    }
    // A member without a picture: the frame as built.
    const plain = await buildUser(t.app);
    expect((await memberPage(viewer, plain)).body).toBe(MEMBER_FRAME);
  });

  it('is the same frame, with nothing of the member, wherever the API refuses them', async () => {
    const [viewer, other] = [await buildUser(t.app), await buildUser(t.app)];
    const picture = await givePicture(other);
    const pictureId = picture.split('/').pop()!;
    const refused = async (status: number) => {
      expect((await profileAnswer(viewer, other)).statusCode).toBe(status);
      const { res, body } = await memberPage(viewer, other, 'br');
      expect(res.statusCode).toBe(200);
      expect(body).toBe(MEMBER_FRAME);
      expect(body).not.toContain(pictureId);
      expect(body).not.toContain(other.user.username);
    };

    // Private.
    await t.app.ctx.database.db
      .update(users)
      .set({ privacyLevel: 'private' })
      .where(eq(users.id, other.user.id));
    await refused(403);
    // Selective shows the picture (decision 3 hides only some athletic fields).
    await t.app.ctx.database.db
      .update(users)
      .set({ privacyLevel: 'selective' })
      .where(eq(users.id, other.user.id));
    expect((await memberPage(viewer, other)).body).toContain(`src="${picture}?size=small"`);
    // Blocking the viewer (decision 55): the same as private.
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/members/${viewer.user.username}/block`,
      headers: { cookie: other.cookie },
    });
    expect(block.statusCode).toBe(204);
    await refused(403);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/members/${viewer.user.username}/block`,
      headers: { cookie: other.cookie },
    });
    expect((await memberPage(viewer, other)).body).toContain(`src="${picture}?size=small"`);
    // Waiting for their membership (decision 54): unknown, as the API says.
    await t.app.ctx.database.db
      .update(users)
      .set({ membership: 'pending' })
      .where(eq(users.id, other.user.id));
    await refused(404);
    // Unknown.
    const res = await memberPage(viewer, { user: { username: 'nobody-here' } });
    expect(res.body).toBe(MEMBER_FRAME);
  });

  it("goes to a coach with a private member's picture, as the API does, in the coach's frame", async () => {
    const coach = await buildUser(t.app, { email: COACH });
    const other = await buildUser(t.app);
    const picture = await givePicture(other);
    await t.app.ctx.database.db
      .update(users)
      .set({ privacyLevel: 'private' })
      .where(eq(users.id, other.user.id));
    expect((await profileAnswer(coach, other)).statusCode).toBe(200);
    // The coach's frame has no Report and Block row (they do not get them); a member's has.
    expect((await memberPage(coach, other)).body).toBe(
      ADMIN_MEMBER_FRAME.replace(MEMBER_PICTURE_SLOT, `src="${picture}?size=small" fetchpriority="high"`),
    );
    expect((await memberPage(coach, { user: { username: 'nobody-here' } })).body).toBe(ADMIN_MEMBER_FRAME);
    expect((await memberPage(await buildUser(t.app), other)).body).toBe(MEMBER_FRAME);
  });

  it('never goes to a visitor, a forged cookie, or a session that ended', async () => {
    const other = await buildUser(t.app);
    await givePicture(other);
    const url = `/member/${other.user.username}`;
    expectShell(await page(url));
    expectShell(await page(url, { cookie: 'tribe36_session=not-a-session' }));

    const out = await buildUser(t.app);
    expect((await memberPage(out, other)).body).toContain('src="/api/media/');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: out.cookie } });
    expectShell(await page(url, { cookie: out.cookie }));

    const old = await expiredMember();
    expectShell(await page(url, { cookie: old.cookie }));
  });

  it('is only for /member/<username>', async () => {
    const m = await buildUser(t.app);
    for (const url of ['/member', '/member/', '/member/a/b', '/members/a', '/member-pages/member--_.html']) {
      const res = await page(url, { cookie: m.cookie });
      expect(res.body).not.toContain('Athletic Profile');
    }
    expect((await page('/member/a/', { cookie: m.cookie })).body).toBe(MEMBER_FRAME);
  });
});
