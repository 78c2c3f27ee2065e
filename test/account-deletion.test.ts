import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETED_MEMBER_NAME,
  LAST_ADMIN_CANNOT_DELETE,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
} from '../common/constants';
import { SESSION_ENDED_EVENT } from '../common/contracts/chat-stream';
import { media, recordings } from '../server/db/schema';
import { createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser, memberAddress, logIn, type BuiltUser } from './helpers/factories';
import { readMailbox } from './helpers/mailbox';
import { openStream } from './helpers/sse';
import { multipart, pngBytes } from './helpers/uploads';

const COACH = 'deletion-coach@example.com';
const DISCUSSION = '/api/discussions/intellectual/optimal-self/old-selves';
const DELETED_AUTHOR = { name: DELETED_MEMBER_NAME, username: '', profilePicture: null };

let t: TestApp;
let coach: BuiltUser;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: COACH });
  coach = await buildUser(t.app, { email: COACH });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));

/** Fresh client addresses (another "browser") for registering again, away from the members' own. */
let addresses = 9000;

function deleteAccount(app: TestApp['app'], m: BuiltUser, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/delete-account',
    headers: { cookie: m.cookie },
    payload: payload as object,
    remoteAddress: m.address,
  });
}
const login = logIn;
/** The member signed in a second time, from another browser: that session's cookie. */
async function anotherSession(app: TestApp['app'], m: BuiltUser): Promise<string> {
  const res = await login(app, m.email, m.password);
  expect(res.statusCode).toBe(200);
  return sessionCookieOf(res);
}
const get = (url: string, cookie: string, app = t.app) => app.inject({ url, headers: { cookie } });
const me = (cookie: string, app = t.app) => get('/api/auth/me', cookie, app);
const memberCount = async (app = t.app) =>
  (await app.inject({ url: '/api/members/count' })).json().count as number;

async function uploadPicture(m: BuiltUser): Promise<string> {
  const body = await multipart('profilePicture', {
    name: 'me.png',
    type: 'image/png',
    bytes: pngBytes(6, 6),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/upload-profile-picture',
    headers: { ...body.headers, cookie: m.cookie },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().profilePictureUrl;
}
async function uploadChatFile(m: BuiltUser, bytes: Buffer): Promise<string> {
  const body = await multipart('file', { name: 'photo.png', type: 'image/png', bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, cookie: m.cookie },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().url;
}
async function uploadRecording(m: BuiltUser): Promise<{ id: string; audioUrl: string; videoUrl: string }> {
  const form = new FormData();
  form.append(
    'audioFile',
    new Blob([new Uint8Array(fixture('voice.webm'))], { type: 'audio/webm' }),
    'v.webm',
  );
  form.append(
    'screenFile',
    new Blob([new Uint8Array(fixture('clip.webm'))], { type: 'video/webm' }),
    's.webm',
  );
  form.append('sourceVideoUrl', '');
  form.append('duration', '3');
  form.append('recordingType', 'voiceover');
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/recordings/upload',
    headers: { cookie: m.cookie, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}
function postChat(m: BuiltUser, content: string, messageType = 'text') {
  return t.app.inject({
    method: 'POST',
    url: '/api/chat/community',
    headers: { cookie: m.cookie },
    payload: { content, messageType },
  });
}

/** The media id in a /api/media/<id> URL. */
const mediaIdOf = (url: string) => url.split('/').at(-1)!;
/** Where the local blob store keeps a media row's file: DATA_DIR/uploads/<key>. */
async function fileOf(url: string): Promise<string> {
  const [row] = await t.app.ctx.database.db
    .select({ key: media.storageKey })
    .from(media)
    .where(eq(media.id, mediaIdOf(url)));
  if (!row) throw new Error(`no media row for ${url}`);
  return path.join(t.dataDir, 'uploads', row.key);
}

async function openedStream(cookie: string) {
  const stream = openStream(base, cookie);
  await expect.poll(() => stream.status()).toBe(200);
  return stream;
}

describe('POST /api/auth/delete-account: who may, and the password', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: { password: 'anything' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Not signed in' });
  });

  it('answers 400 to a missing, empty or mistyped password, deleting nothing', async () => {
    const m = await buildUser(t.app);
    for (const payload of [{}, { password: '' }, { password: 42 }]) {
      const res = await deleteAccount(t.app, m, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(/password/);
    }
    expect((await me(m.cookie)).statusCode).toBe(200);
  });

  it('answers 401 Invalid credentials to a wrong password, and the member stays as they were', async () => {
    const m = await buildUser(t.app);
    const count = await memberCount();
    const res = await deleteAccount(t.app, m, { password: 'not my password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid credentials' });
    expect(res.headers['set-cookie']).toBeUndefined();
    const still = await me(m.cookie);
    expect(still.statusCode).toBe(200);
    expect(still.json().user).toMatchObject({ id: m.user.id, email: m.email });
    expect(await memberCount()).toBe(count);
    expect((await login(t.app, m.email, m.password)).statusCode).toBe(200);
  });

  it(`counts attempts like password checks: refused with 429 after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} wrong ones, even with the right one`, async () => {
    const m = await buildUser(t.app);
    for (let i = 1; i <= LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await deleteAccount(t.app, m, { password: 'a wrong guess' })).statusCode, `attempt ${i}`).toBe(
        401,
      );
    }
    const refused = await deleteAccount(t.app, m, { password: m.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many login attempts\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was deleted.
    expect((await me(m.cookie)).statusCode).toBe(200);
  });
});

describe('a deleted account signs in nowhere', () => {
  it('clears the cookie and ends every session of the member; the old password no longer signs in', async () => {
    const m = await buildUser(t.app);
    const phone = await anotherSession(t.app, m);
    const tablet = await anotherSession(t.app, m);
    const res = await deleteAccount(t.app, m, { password: m.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(/tribe36_session=;/);

    for (const cookie of [m.cookie, phone, tablet]) {
      const after = await me(cookie);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ error: 'Not signed in' });
    }
    for (const name of [m.email, m.email.toUpperCase(), m.user.username]) {
      const again = await login(t.app, name, m.password);
      expect(again.statusCode, name).toBe(401);
      expect(again.json()).toEqual({ error: 'Invalid credentials' });
    }
    // The old cookie cannot delete (or do) anything any more.
    expect((await deleteAccount(t.app, m, { password: m.password })).statusCode).toBe(401);
  });

  it('ends the open chat streams of every session with the session-ended event, no one else’s', async () => {
    const m = await buildUser(t.app);
    const bystander = await buildUser(t.app);
    const laptop = await openedStream(m.cookie);
    const phone = await openedStream(await anotherSession(t.app, m));
    const theirs = await openedStream(bystander.cookie);
    try {
      expect((await deleteAccount(t.app, m, { password: m.password })).statusCode).toBe(200);
      for (const stream of [laptop, phone]) {
        await expect.poll(() => stream.ended(), { timeout: 2000, interval: 20 }).toBe(true);
        expect(stream.named).toEqual([SESSION_ENDED_EVENT]);
      }
      // A stream cannot be opened again with the old cookie.
      const again = await fetch(`${base}/api/chat/community/stream`, { headers: { cookie: m.cookie } });
      expect(again.status).toBe(401);
      // The bystander's stream is untouched and still delivers.
      expect((await postChat(bystander, 'still here')).statusCode).toBe(201);
      await expect.poll(() => theirs.events.map((e) => e.data.content)).toContain('still here');
      expect(theirs.ended()).toBe(false);
    } finally {
      for (const stream of [laptop, phone, theirs]) stream.close();
    }
  });
});

describe('after an account is deleted', () => {
  let gone: BuiltUser;
  let viewer: BuiltUser;
  let countBefore: number;
  const NAME = 'Zephyrine Quillfeather';
  let picture: string;
  let recording: { id: string; audioUrl: string; videoUrl: string };
  let postedPhoto: string;
  let postedPhotoBytes: Buffer;
  let unposted: string;
  let files: { picture: string; audio: string; video: string; posted: string; unposted: string };
  let textMessageId: number;
  let photoMessageId: number;

  beforeAll(async () => {
    gone = await buildUser(t.app);
    viewer = await buildUser(t.app);
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { cookie: gone.cookie },
      payload: { name: NAME, school: 'Mater Dei', hometown: 'Anaheim', goalOne: 'Dunk by June' },
    });
    expect(profile.statusCode).toBe(200);
    picture = await uploadPicture(gone);
    recording = await uploadRecording(gone);
    postedPhotoBytes = pngBytes(5, 5, [10, 200, 30]);
    postedPhoto = await uploadChatFile(gone, postedPhotoBytes);
    unposted = await uploadChatFile(gone, pngBytes(3, 3, [1, 2, 3]));
    const text = await postChat(gone, 'Remember me');
    expect(text.statusCode).toBe(201);
    textMessageId = text.json().id;
    const photo = await postChat(gone, postedPhoto, 'photo');
    expect(photo.statusCode).toBe(201);
    photoMessageId = photo.json().id;
    const said = await t.app.inject({
      method: 'POST',
      url: DISCUSSION,
      headers: { cookie: gone.cookie },
      payload: { text: 'My old self was slower' },
    });
    expect(said.statusCode).toBe(201);
    files = {
      picture: await fileOf(picture),
      audio: await fileOf(recording.audioUrl),
      video: await fileOf(recording.videoUrl),
      posted: await fileOf(postedPhoto),
      unposted: await fileOf(unposted),
    };
    for (const file of Object.values(files)) expect(fs.existsSync(file), file).toBe(true);
    // Seen everywhere before the deletion, so that what follows means something.
    expect((await get(`/api/members/username/${gone.user.username}`, viewer.cookie)).statusCode).toBe(200);
    expect(
      (await get('/api/members?search=zephyrine', viewer.cookie)).json().map((r: { id: string }) => r.id),
    ).toContain(gone.user.id);
    expect((await get('/api/admin/members', coach.cookie)).json().map((r: { id: string }) => r.id)).toContain(
      gone.user.id,
    );
    expect((await get(recording.audioUrl, coach.cookie)).statusCode).toBe(200);
    countBefore = await memberCount();

    const res = await deleteAccount(t.app, gone, { password: gone.password });
    expect(res.statusCode).toBe(200);
  });

  it('their profile picture, recordings and never-posted chat upload are gone: URLs, files and rows', async () => {
    expect((await get(picture, viewer.cookie)).statusCode).toBe(404);
    expect((await get(unposted, viewer.cookie)).statusCode).toBe(404);
    // Recordings are served to their member and admins only: an admin gets 404 now.
    expect((await get(recording.audioUrl, coach.cookie)).statusCode).toBe(404);
    expect((await get(recording.videoUrl, coach.cookie)).statusCode).toBe(404);
    for (const file of [files.picture, files.audio, files.video, files.unposted]) {
      expect(fs.existsSync(file), file).toBe(false);
    }
    const db = t.app.ctx.database.db;
    expect(await db.select().from(recordings).where(eq(recordings.userId, gone.user.id))).toEqual([]);
    const left = await db.select({ id: media.id }).from(media).where(eq(media.ownerId, gone.user.id));
    expect(left.map((r) => r.id)).toEqual([mediaIdOf(postedPhoto)]);
    expect(
      await db
        .select()
        .from(media)
        .where(inArray(media.id, [picture, recording.audioUrl, recording.videoUrl, unposted].map(mediaIdOf))),
    ).toEqual([]);
  });

  it('their chat messages stay, signed Deleted member without a handle or picture; the posted photo still serves', async () => {
    const list = (await get('/api/chat/community', viewer.cookie)).json() as Array<{
      id: number;
      content: string;
      messageType: string;
      user: unknown;
    }>;
    const text = list.find((m) => m.id === textMessageId);
    const photo = list.find((m) => m.id === photoMessageId);
    expect(text).toMatchObject({ content: 'Remember me', messageType: 'text', user: DELETED_AUTHOR });
    expect(photo).toMatchObject({ content: postedPhoto, messageType: 'photo', user: DELETED_AUTHOR });
    expect(text!.user).toEqual(DELETED_AUTHOR);
    expect(JSON.stringify(list)).not.toContain(NAME);
    expect(JSON.stringify(list)).not.toContain(gone.user.username);

    const served = await get(postedPhoto, viewer.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(postedPhotoBytes)).toBe(true);
    expect(fs.existsSync(files.posted)).toBe(true);
  });

  it('their discussion messages stay, signed Deleted member', async () => {
    const thread = (await get(DISCUSSION, viewer.cookie)).json() as Array<{ text: string; user: unknown }>;
    const said = thread.find((m) => m.text === 'My old self was slower');
    expect(said?.user).toEqual(DELETED_AUTHOR);
    expect(JSON.stringify(thread)).not.toContain(NAME);
  });

  it('they are out of the member count, search, profiles and the admin list', async () => {
    expect(await memberCount()).toBe(countBefore - 1);
    const profile = await get(`/api/members/username/${gone.user.username}`, viewer.cookie);
    expect(profile.statusCode).toBe(404);
    // Not even an admin finds them.
    expect((await get(`/api/members/username/${gone.user.username}`, coach.cookie)).statusCode).toBe(404);
    for (const q of ['zephyrine', gone.user.username, 'deleted member', 'deleted']) {
      for (const cookie of [viewer.cookie, coach.cookie]) {
        const res = await get(`/api/members?search=${encodeURIComponent(q)}`, cookie);
        expect(res.statusCode).toBe(200);
        const found = res.json() as Array<{ id: string; name: string }>;
        expect(
          found.map((r) => r.id),
          q,
        ).not.toContain(gone.user.id);
        expect(
          found.map((r) => r.name),
          q,
        ).not.toContain(DELETED_MEMBER_NAME);
      }
    }
    const admins = (await get('/api/admin/members', coach.cookie)).json() as Array<{
      id: string;
      name: string;
      email: string;
    }>;
    expect(admins.map((r) => r.id)).not.toContain(gone.user.id);
    expect(admins.map((r) => r.name)).not.toContain(DELETED_MEMBER_NAME);
    expect(admins.map((r) => r.email).filter((e) => e.endsWith('.invalid'))).toEqual([]);
  });

  it('mails a notice to the old address', async () => {
    await t.app.ctx.mail.flush();
    await expect
      .poll(
        () =>
          readMailbox(t.dataDir).filter(
            (x) => x.to.includes(gone.email) && x.subject === 'Your Tribe36 account was deleted',
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    const notice = readMailbox(t.dataDir).find((x) => x.subject === 'Your Tribe36 account was deleted')!;
    expect(notice.text).toMatch(/Deleted member/);
    expect(notice.text).not.toMatch(/#token=/);
  });

  it('frees the address: registering it again makes a new, separate account without the old data', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: gone.email, email: gone.email, password: 'a fresh start' },
      remoteAddress: memberAddress(addresses++),
    });
    expect(res.statusCode).toBe(201);
    const cookie = sessionCookieOf(res);
    const fresh = (await me(cookie)).json().user;
    expect(fresh.id).not.toBe(gone.user.id);
    expect(fresh.email).toBe(gone.email);
    expect(fresh.name).not.toBe(NAME);
    expect(fresh.profilePicture).toBeNull();
    expect(fresh.emailConfirmed).toBe(false);
    expect(fresh.school ?? null).toBeNull();
    expect(fresh.hometown ?? null).toBeNull();
    expect(fresh.goalOne ?? null).toBeNull();
    expect((await get('/api/recordings', cookie)).json()).toEqual([]);
    // Their profile page is the new account's, not the old one's.
    const page = await get(`/api/members/username/${fresh.username}`, viewer.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ username: fresh.username, profilePicture: null });
    expect(JSON.stringify(page.json())).not.toMatch(/Mater Dei|Anaheim|Dunk by June|Zephyrine/);
    // The old messages still belong to the deleted account, not to the new one.
    const list = (await get('/api/chat/community', viewer.cookie)).json() as Array<{
      id: number;
      user: unknown;
    }>;
    expect(list.find((m) => m.id === textMessageId)?.user).toEqual(DELETED_AUTHOR);
    // The old password does not open the new account; the new one does.
    expect((await login(t.app, gone.email, gone.password)).statusCode).toBe(401);
    expect((await login(t.app, gone.email, 'a fresh start')).statusCode).toBe(200);
  });
});

describe('the last admin', () => {
  const A1 = 'first-admin@example.com';
  const A2 = 'second-admin@example.com';
  const A3 = 'third-admin@example.com';
  let s: TestApp;
  let a1: BuiltUser;
  let a2: BuiltUser;
  beforeAll(async () => {
    s = await createTestApp({ ADMIN_EMAILS: [A1, A2, A3].join(',') });
  });
  afterAll(() => s.close());

  const isAdmin = async (cookie: string) => (await me(cookie, s.app)).json().user?.isAdmin;

  it('cannot delete their account (409), and nothing changes', async () => {
    a1 = await buildUser(s.app, { email: A1 });
    expect(a1.user.isAdmin).toBe(true);
    const other = await anotherSession(s.app, a1);
    const count = await memberCount(s.app);
    const res = await deleteAccount(s.app, a1, { password: a1.password });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: LAST_ADMIN_CANNOT_DELETE });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await isAdmin(a1.cookie)).toBe(true);
    expect(await isAdmin(other)).toBe(true);
    expect(await memberCount(s.app)).toBe(count);
    expect((await get('/api/admin/members', a1.cookie, s.app)).statusCode).toBe(200);
    expect((await login(s.app, A1, a1.password)).statusCode).toBe(200);
  });

  it('with a second admin, one may delete their account; then the other is the last', async () => {
    a2 = await buildUser(s.app, { email: A2 });
    expect(a2.user.isAdmin).toBe(true);
    expect((await deleteAccount(s.app, a1, { password: a1.password })).statusCode).toBe(200);
    expect((await me(a1.cookie, s.app)).statusCode).toBe(401);
    const refused = await deleteAccount(s.app, a2, { password: a2.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: LAST_ADMIN_CANNOT_DELETE });
    expect(await isAdmin(a2.cookie)).toBe(true);
  });

  it('of two admins deleting at the same moment, exactly one succeeds', async () => {
    // A2 is the last admin here; A3 makes two.
    const a3 = await buildUser(s.app, { email: A3 });
    expect(a3.user.isAdmin).toBe(true);
    const results = await Promise.all([
      deleteAccount(s.app, a2, { password: a2.password }),
      deleteAccount(s.app, a3, { password: a3.password }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({ error: LAST_ADMIN_CANNOT_DELETE });
    // The one refused is still an admin, signed in, and the only admin left.
    const kept = results[0]!.statusCode === 409 ? a2 : a3;
    const left = kept === a2 ? a3 : a2;
    expect(await isAdmin(kept.cookie)).toBe(true);
    expect((await me(left.cookie, s.app)).statusCode).toBe(401);
    const list = (await get('/api/admin/members', kept.cookie, s.app)).json() as Array<{
      id: string;
      isAdmin: boolean;
    }>;
    expect(list.filter((r) => r.isAdmin).map((r) => r.id)).toEqual([kept.user.id]);
  });

  it('counts an admin granted through the database (the CLI’s way) like one from ADMIN_EMAILS', async () => {
    const g = await createTestApp();
    try {
      const granted = await buildUser(g.app);
      const member = await buildUser(g.app);
      expect(await g.app.ctx.users.setAdmin(granted.email, true)).not.toBeNull();
      await g.app.ctx.sessions.userChanged(granted.user.id);
      expect((await me(granted.cookie, g.app)).json().user.isAdmin).toBe(true);

      const refused = await deleteAccount(g.app, granted, { password: granted.password });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: LAST_ADMIN_CANNOT_DELETE });
      // A member who is not an admin may go.
      expect((await deleteAccount(g.app, member, { password: member.password })).statusCode).toBe(200);
      // With a second granted admin, the first may go too.
      const second = await buildUser(g.app);
      await g.app.ctx.users.setAdmin(second.email, true);
      await g.app.ctx.sessions.userChanged(second.user.id);
      expect((await deleteAccount(g.app, granted, { password: granted.password })).statusCode).toBe(200);
      expect((await deleteAccount(g.app, second, { password: second.password })).statusCode).toBe(409);
    } finally {
      await g.close();
    }
  });
});
