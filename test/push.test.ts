// Web push (issue 32 part 5, decision 61): the VAPID key, subscriptions per device with the SSRF
// allow-list, and the push of a new notification to a member who is not in the app — received here by
// a local push endpoint (node:http on 127.0.0.1, allowed by PUSH_ALLOWED_ENDPOINTS), its VAPID JWT
// checked and its aes128gcm body decrypted with the subscriber's keys (RFC 8291).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../common/contracts/chat';
import { notifications, pushSubscriptions } from '../server/db/schema';
import { apiCaller, createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';

/** What the local push service received. */
type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

let t: TestApp;
let service: http.Server;
let serviceOrigin: string;
const received: Received[] = [];
/** The status the local push service answers, per path (201 unless set). */
const answers = new Map<string, number>();
let ann: BuiltUser;
let bob: BuiltUser;

beforeAll(async () => {
  service = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(req.url ?? '') ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceOrigin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  t = await createTestApp({ PUSH_ALLOWED_ENDPOINTS: `${serviceOrigin}/push/` });
  ann = await buildUser(t.app);
  bob = await buildUser(t.app);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => service.close(resolve));
});

const call = apiCaller(() => t.app);

const b64url = (buf: Buffer | Uint8Array) => Buffer.from(buf).toString('base64url');

/** A browser's side of a subscription: its P-256 key pair and auth secret, and an endpoint here. */
function subscriber(name: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const path = `/push/${name}-${crypto.randomBytes(6).toString('hex')}`;
  return {
    ecdh,
    auth,
    path,
    body: {
      endpoint: `${serviceOrigin}${path}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    },
  };
}
type Subscriber = ReturnType<typeof subscriber>;

async function subscribe(who: BuiltUser, sub: Subscriber) {
  const res = await call('POST', '/api/push/subscriptions', who, sub.body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ subscribed: true });
}

async function mention(of: BuiltUser, text = 'look at this'): Promise<ChatMessage> {
  const res = await call('POST', '/api/chat/community', ann, {
    content: `@${of.user.username} ${text}`,
    messageType: 'text',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatMessage;
}

/** The mention notification of a chat message, once push has decided about it (pushed_at set). */
async function pushDecided(userId: string, messageId: number) {
  const db = t.app.ctx.database.db;
  let pushedAt: Date | null = null;
  await expect
    .poll(
      async () => {
        const rows = await db.select().from(notifications).where(eq(notifications.userId, userId));
        const row = rows.find((r) => r.kind === 'mention' && r.source === `chat-${messageId}`);
        pushedAt = row?.pushedAt ?? null;
        return pushedAt;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return pushedAt;
}

const receivedAt = (path: string) => received.filter((r) => r.path === path);

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm Web Push body (RFC 8188 with the keys of RFC 8291) for the subscriber. */
function decrypt(sub: Subscriber, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(ciphertext.length);
  expect(idLength).toBe(65); // the server's ephemeral P-256 public key, uncompressed
  const secret = sub.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), serverKey]);
  const ikm = hkdf(sub.auth, secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292) against the server's public key. */
function checkVapid(authorization: string | undefined, publicKey: string, audience: string) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  expect(m, authorization).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(publicKey);
  const [header, payload, signature] = jwt!.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ typ: 'JWT', alg: 'ES256' });
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(claims.aud).toBe(audience);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
  expect(claims.sub).toMatch(/^(mailto:|https:)/);
  const raw = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
}

describe('GET /api/push/public-key', () => {
  it('answers visitors 401, and members the same P-256 key every time (kept in the database)', async () => {
    expect((await call('GET', '/api/push/public-key')).statusCode).toBe(401);
    const first = await call('GET', '/api/push/public-key', ann);
    expect(first.statusCode, first.body).toBe(200);
    const { publicKey } = first.json() as { publicKey: string };
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    expect((await call('GET', '/api/push/public-key', bob)).json()).toEqual({ publicKey });
    const stored = await t.app.ctx.database.db.query.serverSecrets.findFirst({
      where: (s, { eq }) => eq(s.name, 'vapid-keys'),
    });
    expect(JSON.parse(stored!.value)).toMatchObject({ publicKey });
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('answers visitors 401', async () => {
    expect((await call('POST', '/api/push/subscriptions', undefined, subscriber('x').body)).statusCode).toBe(
      401,
    );
  });

  it('refuses malformed subscriptions and endpoints off the allow-list with 400 naming why', async () => {
    const good = subscriber('bad').body;
    const cases: [object, RegExp][] = [
      [{ keys: good.keys }, /endpoint is required/],
      [{ ...good, endpoint: 'not a url' }, /endpoint must be a URL/],
      [{ endpoint: good.endpoint }, /keys is required/],
      [{ ...good, keys: { auth: good.keys.auth } }, /keys\.p256dh is required/],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, /keys\.auth is required/],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, /keys\.p256dh must be/],
      [{ ...good, keys: { ...good.keys, auth: b64url(crypto.randomBytes(12)) } }, /keys\.auth must be/],
      [
        { ...good, keys: { ...good.keys, p256dh: 'B' + 'A'.repeat(86) } },
        /keys\.p256dh is not a P-256 public key/,
      ],
      // SSRF: the server's own network, other hosts, look-alikes, plain http, other ports.
      [{ ...good, endpoint: 'http://127.0.0.1:5432/' }, /must be an https:\/\/ URL/],
      [{ ...good, endpoint: `${serviceOrigin}/elsewhere` }, /must be an https:\/\/ URL/],
      [{ ...good, endpoint: 'https://127.0.0.1/push/' }, /127\.0\.0\.1 is not a known push service/],
      [{ ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' }, /must be an https:\/\/ URL/],
      [{ ...good, endpoint: 'https://169.254.169.254/latest/meta-data' }, /not a known push service/],
      [
        { ...good, endpoint: 'https://fcm.googleapis.com.evil.example/fcm/send/x' },
        /not a known push service/,
      ],
      [{ ...good, endpoint: 'https://evilnotify.windows.com/w/?token=x' }, /not a known push service/],
      [{ ...good, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, /not a known push service/],
      [{ ...good, endpoint: 'https://user:pw@fcm.googleapis.com/fcm/send/x' }, /user name or password/],
      [{ ...good, endpoint: 'file:///etc/passwd' }, /must be an https:\/\/ URL/],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/push/subscriptions', ann, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect((res.json() as { error: string }).error).toMatch(message);
    }
    const stored = await t.app.ctx.database.db.select().from(pushSubscriptions);
    expect(stored.filter((s) => s.userId === ann.user.id)).toHaveLength(0);
  });

  it('accepts the browsers’ push services', async () => {
    const keys = subscriber('k').body.keys;
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ]) {
      const res = await call('POST', '/api/push/subscriptions', ann, {
        endpoint,
        keys,
        expirationTime: null,
      });
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(200);
      expect((await call('DELETE', '/api/push/subscriptions', ann, { endpoint })).json()).toEqual({
        subscribed: false,
      });
    }
  });

  it('keeps one subscription per endpoint, the last member’s; DELETE removes only one’s own', async () => {
    const sub = subscriber('shared');
    await subscribe(ann, sub);
    await subscribe(ann, sub);
    const db = t.app.ctx.database.db;
    const rows = () =>
      db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.body.endpoint));
    expect((await rows()).map((r) => r.userId)).toEqual([ann.user.id]);
    // Bob cannot remove Ann's device.
    expect(
      (await call('DELETE', '/api/push/subscriptions', bob, { endpoint: sub.body.endpoint })).statusCode,
    ).toBe(200);
    expect(await rows()).toHaveLength(1);
    // The same browser, now Bob's.
    await subscribe(bob, sub);
    expect((await rows()).map((r) => r.userId)).toEqual([bob.user.id]);
    expect(
      (await call('DELETE', '/api/push/subscriptions', bob, { endpoint: sub.body.endpoint })).json(),
    ).toEqual({
      subscribed: false,
    });
    expect(await rows()).toHaveLength(0);
    expect((await call('DELETE', '/api/push/subscriptions', bob, {})).statusCode).toBe(400);
  });

  it('keeps a member’s 10 most recently saved devices', async () => {
    const hal = await buildUser(t.app);
    const subs = Array.from({ length: 12 }, (_, i) => subscriber(`hal${i}`));
    for (const sub of subs) await subscribe(hal, sub);
    // Saving the first again makes it the newest.
    await subscribe(hal, subs[0]!);
    const kept = await t.app.ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, hal.user.id));
    expect(kept.map((s) => s.endpoint).sort()).toEqual(
      [subs[0]!, ...subs.slice(3)].map((s) => s.body.endpoint).sort(),
    );
  });

  it('a subscription ends with the session it was made in (signing out on that device)', async () => {
    const carl = await buildUser(t.app);
    const sub = subscriber('signout');
    await subscribe(carl, sub);
    expect((await call('POST', '/api/auth/logout', carl)).statusCode).toBeLessThan(300);
    const rows = await t.app.ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.body.endpoint));
    expect(rows).toHaveLength(0);
  });
});

describe('pushing a notification', () => {
  it('sends an idle member an aes128gcm payload with VAPID, TTL and urgency', async () => {
    const dan = await buildUser(t.app);
    const sub = subscriber('dan');
    await subscribe(dan, sub);
    const { publicKey } = (await call('GET', '/api/push/public-key', dan)).json() as { publicKey: string };
    const sent = await mention(dan, 'your turn');
    await expect.poll(() => receivedAt(sub.path).length, { timeout: 10_000 }).toBe(1);
    const [push] = receivedAt(sub.path);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['content-type']).toBe('application/octet-stream');
    expect(push!.headers.ttl).toBe(String(24 * 60 * 60));
    expect(push!.headers.urgency).toBe('high');
    checkVapid(push!.headers.authorization, publicKey, serviceOrigin);
    const payload = JSON.parse(decrypt(sub, push!.body)) as Record<string, string>;
    expect(payload).toEqual({
      title: `${ann.user.name} mentioned you`,
      body: `@${dan.user.username} your turn`,
      url: `/?message=${sent.id}`,
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    await pushDecided(dan.user.id, sent.id);
  });

  it.each(['/api/live', '/api/chat/community/stream'])(
    'sends nothing while the member has a live stream open (%s)',
    async (streamPath) => {
      const eve = await buildUser(t.app);
      const sub = subscriber('eve');
      await subscribe(eve, sub);
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const controller = new AbortController();
      const stream = await fetch(`${base}${streamPath}`, {
        headers: { cookie: eve.cookie },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      try {
        // The stream counts once its process has written the member's presence (decision 58).
        await expect.poll(() => t.app.ctx.presence.isActive(eve.user.id), { timeout: 10_000 }).toBe(true);
        const sent = await mention(eve, 'are you there?');
        await pushDecided(eve.user.id, sent.id);
        expect(receivedAt(sub.path)).toHaveLength(0);
      } finally {
        controller.abort();
      }
      // Closed, the member is idle again: the next one is pushed.
      await expect.poll(() => t.app.ctx.presence.isActive(eve.user.id), { timeout: 10_000 }).toBe(false);
      await mention(eve, 'now?');
      await expect.poll(() => receivedAt(sub.path).length, { timeout: 10_000 }).toBe(1);
    },
  );

  it('deletes a subscription whose endpoint answers 410 Gone, and keeps one that answers 500', async () => {
    const fay = await buildUser(t.app);
    const gone = subscriber('gone');
    const failing = subscriber('failing');
    answers.set(gone.path, 410);
    answers.set(failing.path, 500);
    await subscribe(fay, gone);
    // A second device of Fay's, in another session.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: fay.email, password: fay.password },
      remoteAddress: fay.address,
      headers: { cookie: fay.device },
    });
    expect(login.statusCode, login.body).toBe(200);
    const secondCookie = sessionCookieOf(login);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: secondCookie },
      payload: failing.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await mention(fay);
    await pushDecided(fay.user.id, sent.id);
    expect(receivedAt(gone.path)).toHaveLength(1);
    expect(receivedAt(failing.path)).toHaveLength(1);
    const left = await t.app.ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, fay.user.id));
    expect(left.map((s) => s.endpoint)).toEqual([failing.body.endpoint]);
  });

  it('sends nothing for a kind whose push the member turned off', async () => {
    const gus = await buildUser(t.app);
    const sub = subscriber('gus');
    await subscribe(gus, sub);
    const put = await call('PUT', '/api/notifications/preferences', gus, {
      kinds: { mention: { push: false } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const sent = await mention(gus);
    await pushDecided(gus.user.id, sent.id);
    expect(receivedAt(sub.path)).toHaveLength(0);
  });
});
