import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { NotificationKind } from '../common/contracts/notifications';
import { callAs, createSecondInstance, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseUrl } from './helpers/database';
import { buildProvenUser, buildUser, type BuiltUser } from './helpers/factories';
import { readMailbox } from './helpers/mailbox';
import { startSmtp } from './helpers/smtp';
import type { App } from '../server/app';
import { livePresence, mailOutbox, notificationMailBatches, notifications } from '../server/db/schema';

/**
 * Notification mail (issue 32 part 4, decision 60): preferences, batches of what is still unread while
 * the member is away, the weekly digest, and RFC 8058 one-click unsubscribe.
 */

const PUBLIC_URL = 'https://tribe36.test';
const ONE_CLICK = {
  'content-type': 'application/x-www-form-urlencoded',
  // A mail client's POST: from anywhere, no cookie.
  origin: 'https://mail.example.net',
  'sec-fetch-site': 'cross-site',
};

let source = 0;

/**
 * `actor` notifies `member` (A's ctx.notifications.create, as a mention in the chat would), and waits
 * until its mail batch is scheduled (onCreated runs after create returns; on PostgreSQL its writes
 * take another connection), unless `batch` is false (the kind's e-mail is 'never').
 */
async function notify(
  app: App,
  member: BuiltUser,
  actor: BuiltUser,
  kind: NotificationKind = 'mention',
  { batch = true }: { batch?: boolean } = {},
) {
  source += 1;
  const rows = await app.ctx.notifications.create([
    {
      userId: member.user.id,
      kind,
      actorId: actor.user.id,
      target: { type: 'chat', messageId: 1000 + source },
      source: `chat-${1000 + source}-${process.pid}`,
      excerpt: `hello @${member.user.username} number ${source}`,
    },
  ]);
  expect(rows).toHaveLength(1);
  if (batch) {
    await waitUntil('the mail batch', async () => {
      const found = await app.ctx.database.db
        .select({ userId: notificationMailBatches.userId })
        .from(notificationMailBatches)
        .where(eq(notificationMailBatches.userId, member.user.id));
      return found.length > 0;
    });
  }
  return rows[0]!;
}

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const headerOf = (headers: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim();

async function preferences(app: App, m: BuiltUser) {
  const res = await callAs(app, 'GET', '/api/notifications/preferences', m);
  expect(res.statusCode).toBe(200);
  return res.json();
}
/** PUT /api/notifications/preferences as `m` (a visitor without). */
const putPreferences = (app: App, m: BuiltUser | undefined, payload: unknown) =>
  callAs(app, 'PUT', '/api/notifications/preferences', m, payload);
/** The one-click unsubscribe of RFC 8058: a POST to the header's URL as written, the one form field, no cookie. */
const oneClick = (app: App, url: URL) =>
  app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: ONE_CLICK,
    payload: 'List-Unsubscribe=One-Click',
  });

/**
 * A test app for a describe, on a clock the test moves and a batch window of a minute: batches go out
 * when the test says. Its worker does not poll: `round` runs its round (run() still works after
 * stop()) once the clock has moved on.
 */
function clockedMailApp() {
  const env = {
    t: undefined as unknown as TestApp,
    clock: Date.now(),
    /** Notification mail only (registration's confirmation mail has no List-Unsubscribe). */
    mailsTo: (m: BuiltUser) =>
      readMailbox(env.t.dataDir).filter(
        (x) => x.to.includes(m.email) && /^List-Unsubscribe:/im.test(x.headers),
      ),
    async round(advanceMs = 61_000) {
      // Never behind the real time that the database's created_at follows.
      env.clock = Math.max(env.clock, Date.now()) + advanceMs;
      await env.t.app.ctx.notificationMail.run();
      await env.t.app.ctx.mail.flush();
    },
  };
  beforeAll(async () => {
    env.t = await createTestApp({ PUBLIC_URL, NOTIFY_MAIL_BATCH_MS: '60000' }, { clock: () => env.clock });
    await env.t.app.ctx.notificationMail.stop();
  });
  afterAll(async () => env.t?.close());
  return env;
}

describe('notification preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'coach.prefs@example.com' });
  });
  afterAll(async () => t?.close());

  it('lists the defaults, coaches’ kinds for coaches only, and keeps what a member changes', async () => {
    const m = await buildUser(t.app);
    const coach = await buildUser(t.app, { email: 'coach.prefs@example.com' });
    const mine = await preferences(t.app, m);
    expect(mine.weeklyDigest).toBe(false);
    expect(mine.kinds.mention).toEqual({ inApp: true, email: 'immediately', push: true });
    expect(mine.kinds['attempt-new']).toBeUndefined();
    expect(mine.kinds['report-new']).toBeUndefined();
    expect((await preferences(t.app, coach)).kinds['attempt-new']).toEqual({
      inApp: true,
      email: 'hourly',
      push: true,
    });

    const put = await putPreferences(t.app, m, {
      kinds: { mention: { email: 'hourly' }, 'lesson-video': { push: false } },
      weeklyDigest: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().kinds.mention).toEqual({ inApp: true, email: 'hourly', push: true });
    const again = await preferences(t.app, m);
    expect(again.kinds.mention.email).toBe('hourly');
    expect(again.kinds['lesson-video']).toEqual({ inApp: true, email: 'never', push: false });
    expect(again.kinds['attempt-reply']).toEqual({ inApp: true, email: 'immediately', push: true });
    expect(again.weeklyDigest).toBe(true);
  });

  it.each([
    [{ kinds: { nonsense: { email: 'never' } } }, /kinds: unknown kind "nonsense"/],
    [
      { kinds: { mention: { email: 'weekly' } } },
      /kinds\.mention\.email.*immediately, every-15-minutes, hourly, never/,
    ],
    [{ kinds: { mention: { inApp: 'yes' } } }, /kinds\.mention\.inApp.*true or false/],
    [{ kinds: { mention: { push: 1 } } }, /kinds\.mention\.push.*true or false/],
    [{ kinds: { mention: { sms: true } } }, /kinds\.mention.*sms/],
    [{ kinds: [] }, /kinds must be an object/],
    [{ weeklyDigest: 'yes' }, /weeklyDigest must be true or false/],
    [{ digest: true }, /Unknown field "digest"/],
    [[], /JSON object/],
    [{ kinds: { 'attempt-new': { email: 'never' } } }, /kinds\.attempt-new: only coaches/],
  ])('refuses %j with 400 naming the field, changing nothing', async (payload, message) => {
    const m = await buildUser(t.app);
    const before = await preferences(t.app, m);
    const res = await putPreferences(t.app, m, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
    expect(await preferences(t.app, m)).toEqual(before);
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.app.inject({ url: '/api/notifications/preferences' })).statusCode).toBe(401);
    const put = await putPreferences(t.app, undefined, { weeklyDigest: true });
    expect(put.statusCode).toBe(401);
  });
});

describe('notification mail through a real SMTP server', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0).reverse()) await o.close();
  });

  it('mails an idle member one message within the batch window, with both RFC 8058 headers; one click turns the kind off, once', async () => {
    const smtp = await startSmtp();
    opened.push(smtp);
    const t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, NOTIFY_MAIL_BATCH_MS: '300' });
    opened.push(t);
    const member = await buildProvenUser(t.app);
    const actor = await buildProvenUser(t.app);
    const notificationMails = () => smtp.received.filter((r) => /^List-Unsubscribe:/im.test(r.raw));
    // The worker sends it by itself (its batch may be gone before the test could look for it).
    await notify(t.app, member, actor, 'mention', { batch: false });
    await waitUntil('the mail', () => notificationMails().length > 0);
    const raw = notificationMails()[0]!.raw;
    expect(notificationMails()[0]!.to).toEqual([member.email]);
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    const listUnsubscribe = headerOf(head, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(/^<https:\/\/tribe36\.test\/unsubscribe\?t=[^>]+>$/);
    expect(headerOf(head, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const mail = smtp.mailTo(member.email).find((m) => /mentioned you/.test(m.subject));
    expect(mail!.subject).toMatch(/mentioned you/);
    expect(mail!.text).toContain(`hello @${member.user.username}`);
    expect(mail!.text).toContain('https://tribe36.test/?message=');

    // Nothing more: the batch was sent once, and its item is marked.
    await t.app.ctx.notificationMail.run();
    await t.app.ctx.mail.flush();
    expect(notificationMails()).toHaveLength(1);

    // RFC 8058: a POST to the header's URL exactly as written, with the one form field, no cookie.
    const url = new URL(listUnsubscribe!.slice(1, -1));
    const post = () => oneClick(t.app, url);
    const first = await post();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ unsubscribed: 'mention' });
    expect((await preferences(t.app, member)).kinds.mention.email).toBe('never');
    const second = await post();
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatch(/not valid, or was used already/);

    // E-mail for mentions is off: the next mention is not mailed.
    await notify(t.app, member, actor, 'mention', { batch: false });
    await t.app.ctx.notificationMail.run();
    await t.app.ctx.mail.flush();
    expect(notificationMails()).toHaveLength(1);
  });
});

describe('notification batches', () => {
  const env = clockedMailApp();
  const { mailsTo, round } = env;
  let t: TestApp;
  beforeAll(() => {
    t = env.t;
  });

  it('sends nothing before the window ends, then one mail listing every item of the window', async () => {
    const member = await buildProvenUser(t.app);
    const a = await buildProvenUser(t.app);
    const b = await buildProvenUser(t.app);
    await notify(t.app, member, a);
    await notify(t.app, member, b);
    await notify(t.app, member, a, 'attempt-reply');
    await round(0);
    expect(mailsTo(member)).toHaveLength(0);
    await round();
    const mails = mailsTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('3 new notifications on Tribe36');
    expect(mails[0]!.text).toContain(`${a.user.name} mentioned you`);
    expect(mails[0]!.text).toContain(`${b.user.name} mentioned you`);
    expect(mails[0]!.text).toContain(`${a.user.name} replied to your attempt`);
    // The header unsubscribes from the first item's kind; the body has a link per kind.
    expect(headerOf(mails[0]!.headers, 'List-Unsubscribe')).toMatch(/\.mention\.0\./);
    expect(mails[0]!.text).toMatch(
      /Stop e-mails about mentions of you: https:\/\/tribe36\.test\/unsubscribe\?t=/,
    );
    expect(mails[0]!.text).toMatch(/Stop e-mails about a coach's reply to your attempt: https:/);
    await round();
    expect(mailsTo(member)).toHaveLength(1);
  });

  it('drops a batch whose items were all read first', async () => {
    const member = await buildProvenUser(t.app);
    const actor = await buildProvenUser(t.app);
    await notify(t.app, member, actor);
    await notify(t.app, member, actor);
    const read = await callAs(t.app, 'POST', '/api/notifications/read', member, { all: true });
    expect(read.statusCode).toBe(200);
    await round();
    expect(mailsTo(member)).toHaveLength(0);
    // Read in the app, so never mailed later either.
    await round();
    expect(mailsTo(member)).toHaveLength(0);
  });

  it('lists only what is still unread when the batch goes out', async () => {
    const member = await buildProvenUser(t.app);
    const actor = await buildProvenUser(t.app);
    const first = await notify(t.app, member, actor);
    await notify(t.app, member, actor);
    await callAs(t.app, 'POST', '/api/notifications/read', member, { ids: [first.id] });
    await round();
    const mails = mailsTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/mentioned you on Tribe36/);
    expect(mails[0]!.text).not.toContain(`number ${source - 1}"`);
    expect(mails[0]!.text).toContain(`number ${source}`);
  });

  it('mails nothing to a member who is active in the app (a live stream open), and not later either', async () => {
    const member = await buildProvenUser(t.app);
    const actor = await buildProvenUser(t.app);
    await t.app.ctx.database.db.insert(livePresence).values({ userId: member.user.id, instance: 'test' });
    await notify(t.app, member, actor);
    await round();
    expect(mailsTo(member)).toHaveLength(0);
    await t.app.ctx.database.db.delete(livePresence).where(eq(livePresence.userId, member.user.id));
    await round();
    expect(mailsTo(member)).toHaveLength(0);
    const [row] = await t.app.ctx.database.db
      .select({ emailedAt: notifications.emailedAt })
      .from(notifications)
      .where(eq(notifications.userId, member.user.id));
    expect(row!.emailedAt).not.toBeNull();
  });

  it('mails nothing to an address that is not proven', async () => {
    const member = await buildUser(t.app);
    const actor = await buildProvenUser(t.app);
    await notify(t.app, member, actor);
    await round();
    expect(mailsTo(member)).toHaveLength(0);
  });

  it('waits a kind’s own window: hourly mail goes out after an hour, not after a minute', async () => {
    const member = await buildProvenUser(t.app);
    const actor = await buildProvenUser(t.app);
    await putPreferences(t.app, member, { kinds: { mention: { email: 'hourly' } } });
    await notify(t.app, member, actor);
    await round();
    expect(mailsTo(member)).toHaveLength(0);
    await round(60 * 60_000);
    expect(mailsTo(member)).toHaveLength(1);
  });

  it('refuses a forged token, another body, and a GET changes nothing', async () => {
    const member = await buildProvenUser(t.app);
    const actor = await buildProvenUser(t.app);
    await notify(t.app, member, actor);
    await round();
    const link = headerOf(mailsTo(member)[0]!.headers, 'List-Unsubscribe')!.slice(1, -1);
    const url = new URL(link);
    const token = url.searchParams.get('t')!;
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const other = await buildProvenUser(t.app);
    const otherToken = token.replace(member.user.id, other.user.id);
    const post = (query: string, payload: string, headers: Record<string, string> = ONE_CLICK) =>
      t.app.inject({ method: 'POST', url: `/unsubscribe${query}`, headers, payload });
    for (const [query, payload, headers] of [
      [`?t=${forged}`, 'List-Unsubscribe=One-Click', ONE_CLICK],
      [`?t=${otherToken}`, 'List-Unsubscribe=One-Click', ONE_CLICK],
      ['?t=nonsense', 'List-Unsubscribe=One-Click', ONE_CLICK],
      ['', 'List-Unsubscribe=One-Click', ONE_CLICK],
      [`?t=${token}`, '', ONE_CLICK],
      [`?t=${token}`, 'List-Unsubscribe=One-Click&x=1', ONE_CLICK],
      [`?t=${token}`, 'List-Unsubscribe=Yes', ONE_CLICK],
      [
        `?t=${token}`,
        '{"List-Unsubscribe":"One-Click"}',
        { ...ONE_CLICK, 'content-type': 'application/json' },
      ],
      [`?t=${token}`, 'List-Unsubscribe=One-Click', { ...ONE_CLICK, 'content-type': 'text/plain' }],
    ] as const) {
      const res = await post(query, payload, headers);
      expect(res.statusCode, `${query} ${payload}`).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    // A link scanner's GET gets the page, never an unsubscribe.
    const get = await t.app.inject({ url: `/unsubscribe?t=${token}` });
    expect(get.statusCode).not.toBe(500);
    expect((await preferences(t.app, member)).kinds.mention.email).toBe('immediately');
    expect((await preferences(t.app, other)).kinds.mention.email).toBe('immediately');
    // The real token, as multipart/form-data (RFC 8058's example), works.
    const boundary = '---FormBoundaryjWmhtjORrn';
    const ok = await post(
      `?t=${token}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      { ...ONE_CLICK, 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(ok.statusCode).toBe(200);
    expect((await preferences(t.app, member)).kinds.mention.email).toBe('never');
  });
});

describe('the weekly digest', () => {
  const env = clockedMailApp();
  const { mailsTo, round } = env;
  let t: TestApp;
  beforeAll(() => {
    t = env.t;
  });

  it('sends the weekly digest to a member who opted in, once a week, with its own one-click link', async () => {
    const member = await buildProvenUser(t.app);
    const actor = await buildProvenUser(t.app);
    await putPreferences(t.app, member, { kinds: { mention: { email: 'never' } }, weeklyDigest: true });
    await notify(t.app, member, actor, 'mention', { batch: false });
    await round();
    expect(mailsTo(member)).toHaveLength(0);
    await round(7 * 24 * 60 * 60_000);
    const digests = mailsTo(member).filter((m) => m.subject === 'Your week on Tribe36');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain(`${actor.user.name} mentioned you`);
    expect(headerOf(digests[0]!.headers, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    await round(60_000);
    expect(mailsTo(member).filter((m) => m.subject === 'Your week on Tribe36')).toHaveLength(1);
    const url = new URL(headerOf(digests[0]!.headers, 'List-Unsubscribe')!.slice(1, -1));
    const post = () => oneClick(t.app, url);
    expect((await post()).json()).toEqual({ unsubscribed: 'digest' });
    expect((await preferences(t.app, member)).weeklyDigest).toBe(false);
    expect((await post()).statusCode).toBe(400);
  });

  it('sends no digest to a member not seen for a year', async () => {
    const member = await buildProvenUser(t.app);
    const actor = await buildProvenUser(t.app);
    await putPreferences(t.app, member, { weeklyDigest: true });
    // Signed out long ago: no session left, last seen when the digest was turned on.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: member.cookie } });
    env.clock += 366 * 24 * 60 * 60_000;
    await notify(t.app, member, actor);
    await round(7 * 24 * 60 * 60_000);
    expect(mailsTo(member).filter((m) => m.subject === 'Your week on Tribe36')).toHaveLength(0);
  });
});

describe.runIf(testDatabaseUrl)('two processes on one PostgreSQL', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof createSecondInstance>>;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, NOTIFY_MAIL_BATCH_MS: '60000' }, { clock: () => clock });
    second = await createSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('send one mail per batch, not one each', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => buildProvenUser(t.app)));
    const actor = await buildProvenUser(t.app);
    for (const m of members) await notify(t.app, m, actor);
    clock = Date.now() + 61_000;
    await Promise.all([
      t.app.ctx.notificationMail.run(),
      second.app.ctx.notificationMail.run(),
      t.app.ctx.notificationMail.run(),
      second.app.ctx.notificationMail.run(),
    ]);
    for (const m of members) {
      const rows = await t.app.ctx.database.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, m.email), like(mailOutbox.subject, '%mentioned you%')));
      expect(rows, m.email).toHaveLength(1);
    }
  });
});
