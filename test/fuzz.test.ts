import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type * as FastifyModule from 'fastify';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '../common/contracts/errors';
import { nulCharacterError } from '../common/contracts/fields';
import { media, recordings } from '../server/db/schema';
import { createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';
import { pngBytes } from './helpers/uploads';

/**
 * Hostile input on every route the app registers (collected as they are added, so a route added
 * later is fuzzed too): never a 5xx, every 4xx `{ "error": "…" }`, and a NUL in a text field
 * refused with 400 naming the field. Then malformed multipart bodies, multipart sent to JSON
 * routes, and uploads that stall.
 */

// Every Fastify instance the app builds reports its routes here as they are added.
type Registered = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;
const registered = vi.hoisted(() => [] as Registered[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof FastifyModule>();
  const fastify = ((options?: object) => {
    const app = real.default(options as never);
    app.addHook('onRoute', ({ method, url, schema, config }) => {
      registered.push({ method, url, schema, config } as Registered);
    });
    return app;
  }) as unknown as typeof real.default;
  return { ...real, default: fastify };
});

const IDLE_MS = 400;
const ADMIN_EMAIL = 'fuzz-admin@example.com';

let t: TestApp;
let member: BuiltUser;
let admin: BuiltUser;
let victim: BuiltUser;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { uploadIdleMs: IDLE_MS });
  member = await buildUser(t.app);
  admin = await buildUser(t.app, { email: ADMIN_EMAIL });
  victim = await buildUser(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------
// The routes, and valid values to send beside the hostile one

type Route = {
  method: string;
  url: string;
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
  upload: boolean;
  /** The route parses its own form body, multipart included (the one-click unsubscribe, decision 60). */
  formBody: boolean;
};

function routes(): Route[] {
  const out: Route[] = [];
  // The built client's files (when dist/ holds it) are one route each, all served alike: the
  // first stands for them all.
  const isForm = (r: Registered) => (r.config as { formBody?: boolean } | undefined)?.formBody === true;
  const files = registered.filter((r) => !r.url.startsWith('/api/') && !isForm(r));
  const api = registered.filter((r) => r.url.startsWith('/api/') || isForm(r));
  for (const r of [...api, ...files.slice(0, 1)]) {
    const schema = (r.schema ?? {}) as { body?: ZodType; querystring?: ZodType; params?: ZodType };
    const config = (r.config ?? {}) as { upload?: unknown; formBody?: boolean };
    for (const method of [r.method].flat()) {
      out.push({
        method,
        url: r.url,
        body: schema.body,
        querystring: schema.querystring,
        params: schema.params,
        upload: config.upload !== undefined,
        formBody: config.formBody === true,
      });
    }
  }
  return out;
}

const key = (r: Pick<Route, 'method' | 'url'>) => `${r.method} ${r.url}`;
const SLOT = { thinkTank: 'intellectual', topic: 'understanding-enemy', lesson: 'interception-deception' };

/** A valid value for a field, by name, so that only the hostile field is wrong. */
function sample(field: string): unknown {
  const samples: Record<string, unknown> = {
    username: 'nobody-here@example.com',
    email: 'fuzz-new@example.com',
    password: 'not the password',
    currentPassword: 'not the password',
    newPassword: 'a brand new password',
    name: 'Fuzz',
    age: 30,
    privacyLevel: 'public',
    profilePicture: null,
    content: 'hello',
    messageType: 'text',
    text: 'hello',
    search: 'me',
    after: '1',
    before: '1',
    thinkTank: SLOT.thinkTank,
    topicSlug: SLOT.topic,
    topic: SLOT.topic,
    lessonSlug: SLOT.lesson,
    lesson: SLOT.lesson,
    uploadURL: '/api/videos/upload/' + 'A'.repeat(43),
    id: victim.user.id,
    token: 'A'.repeat(43),
    target: { kind: 'chat' },
    // A report's reason and a resolution's action (decision 55).
    reason: 'spam',
    action: 'dismiss',
    // A session (decision 82): a start in the future and a length in minutes.
    startsAt: '2099-01-01T18:00:00Z',
    durationMinutes: 60,
    // A drill's due time (decision 81).
    dueAt: '2099-01-01T18:00:00Z',
    // A push subscription (decision 61): a push service's endpoint and keys of the right shape.
    endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
    keys: {
      p256dh: 'BHiMbxI6swmoizXBO1yKRyxUxRtINg4h7I6jl9kENRu0SO46VAnpbKTJkqglNO7wNC6_qqO_W6wO3pGKB5IzUNY',
      auth: 'A'.repeat(22),
    },
  };
  return Object.hasOwn(samples, field) ? samples[field] : 'abc';
}

/** The fields of a zod object schema ({} for anything else). */
function shapeOf(schema: unknown): Record<string, ZodType> {
  const s = schema as { def?: { type?: string }; shape?: Record<string, ZodType> } | undefined;
  return s?.def?.type === 'object' && s.shape ? s.shape : {};
}

/** Whether a field's schema takes a string (after optional, nullable, pipes and transforms). */
function isText(schema: ZodType): boolean {
  let s = schema as unknown as { def: { type: string; innerType?: unknown; in?: unknown } };
  for (;;) {
    const { type, innerType } = s.def;
    if (type === 'string') return true;
    if (innerType) s = innerType as typeof s;
    else if (type === 'pipe') s = s.def.in as typeof s;
    else return false;
  }
}

/** The valid required fields of an object schema (optional ones are left out). */
function baseOf(schema: ZodType | undefined): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  for (const [field, s] of Object.entries(shapeOf(schema))) {
    if (!s.safeParse(undefined).success) base[field] = sample(field);
  }
  return base;
}

/** The route's path parameters, from its URL (whether or not it has a params schema). */
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function pathWith(url: string, values: Record<string, string>, shape: Record<string, ZodType> = {}): string {
  return url.replace(
    /:(\w+)/g,
    (_, name: string) => values[name] ?? encodeURIComponent(String(paramSample(name, shape[name]))),
  );
}

/** A path parameter's valid value: its sample, or a number when its schema takes only that (a message id). */
function paramSample(name: string, schema: ZodType | undefined): unknown {
  const value = sample(name);
  if (schema && !schema.safeParse(String(value)).success && schema.safeParse('1').success) return '1';
  return value;
}

function queryString(entries: [string, string][]): string {
  return entries.length ? '?' + entries.map(([k, v]) => `${k}=${v}`).join('&') : '';
}

// ---------------------------------------------------------------------------------------------
// The hostile values

const HOSTILE_VALUES: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['a lone high surrogate', '\ud800'],
  ['a lone low surrogate', 'a\udc00b'],
  ['a 64 KB string', 'x'.repeat(64 * 1024)],
  ['an empty string', ''],
  ['a number', 42],
  ['-1', -1],
  ['1e308', 1e308],
  ['2**53+1', 2 ** 53 + 1],
  ['a fraction', 1.5],
  ['true', true],
  ['false', false],
  ['null', null],
  ['an object', { a: 1 }],
  ['an object with a __proto__ key', JSON.parse('{"__proto__":{"isAdmin":true}}')],
  ['an object with a constructor key', { constructor: { prototype: { isAdmin: true } } }],
  ['an array of strings', ['a', 'b']],
  ['an empty array', []],
];

/** Whole bodies: [label, raw JSON text or undefined for none]. */
const hostileBodies = (base: Record<string, unknown>): [string, string | undefined][] => {
  const fields = JSON.stringify(base).slice(1, -1);
  const more = fields ? ',' + fields : '';
  return [
    ['no body', undefined],
    ['an empty JSON body', ''],
    ['an array body', '[]'],
    ['an array of the valid body', JSON.stringify([base])],
    ['a string body', '"text"'],
    ['a number body', '42'],
    ['a null body', 'null'],
    ['a boolean body', 'true'],
    ['a __proto__ key', `{"__proto__":{"isAdmin":true}${more}}`],
    ['a constructor.prototype key', `{"constructor":{"prototype":{"isAdmin":true}}${more}}`],
    ['malformed JSON', '{"a":'],
    ['JSON nested 100 000 deep', '['.repeat(100_000) + ']'.repeat(100_000)],
  ];
};

/** Query and path values, already URL-encoded. */
const HOSTILE_URL_VALUES: [string, string][] = [
  ['NUL', 'a%00b'],
  ['a lone NUL', '%00'],
  ['invalid UTF-8 (an encoded surrogate)', '%ED%A0%80'],
  ['a 64 KB string', 'x'.repeat(64 * 1024)],
  ['-1', '-1'],
  ['1e308', '1e308'],
  ['2**53+1', '9007199254740993'],
  ['true', 'true'],
  ['null', 'null'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['dot-dot', '..%2F..%2Fetc%2Fpasswd'],
];

// ---------------------------------------------------------------------------------------------
// Sending and checking

type Actor = 'visitor' | 'member' | 'admin';
const ACTORS: Actor[] = ['visitor', 'member', 'admin'];

let addressSeq = 0;
/** A documentation address of its own per request: no per-address limit is reached. */
function nextAddress(): string {
  addressSeq += 1;
  return `198.18.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
}

/** A fresh session for the actor (a route may end the one it was sent with: logout). */
async function sessionOf(actor: Actor): Promise<string | undefined> {
  if (actor === 'visitor') return undefined;
  const who = actor === 'admin' ? admin : member;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: who.email, password: who.password },
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
}

const ANSWER_WITHIN_MS = 15_000;

async function send(options: InjectOptions, label: string): Promise<LightMyRequestResponse> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ANSWER_WITHIN_MS);
  try {
    return await t.app.inject({ remoteAddress: nextAddress(), ...options, signal: abort.signal });
  } catch (err) {
    if (abort.signal.aborted) {
      throw new Error(`${label}: no answer within ${ANSWER_WITHIN_MS} ms`, { cause: err });
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with an answer, or null. */
function problemWith(res: LightMyRequestResponse, method: string): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400 || method === 'HEAD') return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string' || error === '')
    return `answered ${res.statusCode} ${res.body.slice(0, 200)}`;
  const keys = Object.keys(body as object);
  if (keys.length !== 1) {
    return `answered ${res.statusCode} with more than { error }: ${res.body.slice(0, 200)}`;
  }
  return null;
}

/** The NUL rule: 400 naming the field (the exact message for a text field). Guards may answer first. */
function nulProblem(res: LightMyRequestResponse, field: string, text: boolean): string | null {
  if (res.statusCode === 401 || res.statusCode === 403) return null;
  if (res.statusCode === 400 && res.body === '') return null; // HEAD: the status is all there is
  const error = res.statusCode === 400 ? (res.json() as { error: string }).error : '';
  if (text ? error === nulCharacterError(field) : res.statusCode === 400 && error.includes(field))
    return null;
  return `a NUL in ${field} answered ${res.statusCode} ${res.body.slice(0, 200)}`;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes whose answer to a member never ends (an event stream): inject would wait for ever, so a
 * member's requests go over HTTP and only the head of the answer is read. Any other route that
 * does not answer in time is reported.
 */
const STREAMS = new Set(['GET /api/chat/community/stream', 'GET /api/live']);

type Report = (label: string, res: LightMyRequestResponse, problem?: string | null) => void;

/** Sends every hostile request of one route as one actor; reports each answer. */
async function fuzzRoute(route: Route, headers: Record<string, string>, report: Report) {
  const method = route.method as InjectOptions['method'];
  const label = key(route);
  const pathParams = shapeOf(route.params);
  const body = baseOf(route.body);
  const query = baseOf(route.querystring);
  const queryEntries = () =>
    Object.entries(query).map(([k, v]) => [k, encodeURIComponent(String(v))] as [string, string]);
  const url = pathWith(route.url, {}, pathParams) + queryString(queryEntries());
  const hasBody = BODY_METHODS.has(route.method);
  const validBody = hasBody ? { payload: body } : {};

  if (hasBody) {
    // Hostile values in each body field.
    for (const [field, schema] of Object.entries(shapeOf(route.body))) {
      for (const [name, value] of HOSTILE_VALUES) {
        const res = await send({ method, url, headers, payload: { ...body, [field]: value } }, label);
        report(`body ${field} = ${name}`, res);
        if (name === 'NUL') report(`body ${field} = NUL`, res, nulProblem(res, field, isText(schema)));
      }
    }
    // Hostile whole bodies.
    for (const [name, raw] of hostileBodies(body)) {
      const res = await send(
        raw === undefined
          ? { method, url, headers }
          : { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: raw },
        label,
      );
      report(`body: ${name}`, res);
    }
  }

  // Hostile values in each query parameter: the schema's, and keys it does not name.
  const queryShape = shapeOf(route.querystring);
  for (const field of [...Object.keys(queryShape), '__proto__', 'constructor']) {
    const others = queryEntries().filter(([k]) => k !== field);
    const cases: [string, [string, string][]][] = [
      ...HOSTILE_URL_VALUES.map(([name, value]): [string, [string, string][]] => [name, [[field, value]]]),
      [
        'an array',
        [
          [field, 'ab'],
          [field, 'cd'],
        ],
      ],
      ['a nested key', [[`${field}[a]`, 'ab']]],
    ];
    for (const [name, entries] of cases) {
      const res = await send(
        {
          method,
          url: pathWith(route.url, {}, pathParams) + queryString([...others, ...entries]),
          headers,
          ...validBody,
        },
        label,
      );
      report(`query ${field} = ${name}`, res);
      if (name === 'NUL' && Object.hasOwn(queryShape, field)) {
        report(`query ${field} = NUL`, res, nulProblem(res, field, isText(queryShape[field]!)));
      }
    }
  }

  // Hostile values in each path parameter (every :param, with or without a schema).
  for (const param of paramsOf(route.url)) {
    for (const [name, value] of HOSTILE_URL_VALUES) {
      const res = await send(
        {
          method,
          url: pathWith(route.url, { [param]: value }, pathParams) + queryString(queryEntries()),
          headers,
          ...validBody,
        },
        label,
      );
      report(`path ${param} = ${name}`, res);
      if (name === 'NUL') {
        const schema = Object.hasOwn(pathParams, param) ? pathParams[param] : undefined;
        report(`path ${param} = NUL`, res, nulProblem(res, param, schema ? isText(schema) : true));
      }
    }
  }
}

/** A stream route as a member: over HTTP, hostile query values and Last-Event-ID; the head only. */
async function fuzzStream(route: Route, cookie: string, problems: string[]) {
  const cases: [string, string, string | undefined][] = [
    ...HOSTILE_URL_VALUES.filter(([name]) => !name.includes('64 KB')).map(
      ([name, value]): [string, string, string | undefined] => [
        `query x = ${name}`,
        `?x=${value}`,
        undefined,
      ],
    ),
    ...['-1', '1e308', '9007199254740993', '__proto__', 'x'.repeat(4000), ''].map(
      (value): [string, string, string | undefined] => [`Last-Event-ID ${value.slice(0, 20)}`, '', value],
    ),
    // The live stream's topics (decision 58): hostile values in each.
    ...Object.keys(shapeOf(route.querystring)).flatMap((field) =>
      HOSTILE_URL_VALUES.filter(([name]) => !name.includes('64 KB')).map(
        ([name, value]): [string, string, string | undefined] => [
          `query ${field} = ${name}`,
          `?${field}=${value}`,
          undefined,
        ],
      ),
    ),
  ];
  for (const [name, query, lastEventId] of cases) {
    const abort = new AbortController();
    try {
      const res = await fetch(`http://127.0.0.1:${port}${route.url}${query}`, {
        method: route.method,
        headers: { cookie, ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) },
        signal: abort.signal,
      });
      if (res.status >= 500) problems.push(`${key(route)} ${name}: answered ${res.status}`);
    } finally {
      abort.abort();
    }
  }
}

describe('every route, every actor, hostile input', () => {
  it('collected the routes as the app registered them', () => {
    const keys = routes().map(key);
    for (const expected of [
      'POST /api/auth/login',
      'PATCH /api/auth/profile',
      'GET /api/members/username/:username',
      'POST /api/upload',
      'PUT /api/videos/upload/:token',
      'DELETE /api/recordings/:id',
    ]) {
      expect(keys).toContain(expected);
    }
  });

  it.each(ACTORS)(
    'as %s: never a 5xx, always { error }, a NUL refused naming its field',
    { timeout: 600_000 },
    async (actor) => {
      const problems: string[] = [];
      let sent = 0;
      for (const route of routes()) {
        const cookie = await sessionOf(actor);
        if (cookie && STREAMS.has(key(route))) {
          await fuzzStream(route, cookie, problems);
          continue;
        }
        const report: Report = (label, res, problem) => {
          sent += 1;
          const found = problem === undefined ? problemWith(res, route.method) : problem;
          if (found) problems.push(`${actor} ${key(route)} ${label}: ${found}`);
        };
        try {
          await fuzzRoute(route, cookie ? { cookie } : {}, report);
        } catch (err) {
          problems.push(`${actor} ${key(route)}: ${(err as Error).message}`);
        }
      }
      if (process.env.FUZZ_LOG)
        fs.writeFileSync(`${process.env.FUZZ_LOG}.${actor}`, JSON.stringify(problems, null, 1));
      expect(problems).toEqual([]);
      expect(sent).toBeGreaterThan(500);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Multipart: malformed bodies, multipart where JSON is expected, uploads that stall

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';
const partHead = (field: string, filename: string, type: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
  `Content-Type: ${type}\r\n\r\n`;

const UPLOAD_ROUTES = [
  {
    url: '/api/auth/upload-profile-picture',
    field: 'profilePicture',
    type: 'image/png',
    bytes: pngBytes(64, 64),
  },
  { url: '/api/upload', field: 'file', type: 'image/png', bytes: pngBytes(64, 64) },
  { url: '/api/recordings/upload', field: 'audioFile', type: 'audio/webm', bytes: fixture('voice.webm') },
];

/** Every file under DATA_DIR/uploads, the part files of .tmp included. */
function storedFiles(): string[] {
  const dir = path.join(t.dataDir, 'uploads');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
const tmpFiles = () => storedFiles().filter((f) => f.includes(`${path.sep}.tmp${path.sep}`));

/** What the member has stored: files, media rows, their picture, their recordings. */
async function storedState() {
  const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: member.cookie } });
  const recs = await t.app.inject({ url: '/api/recordings', headers: { cookie: member.cookie } });
  return {
    files: storedFiles(),
    media: (await t.app.ctx.database.db.select().from(media)).length,
    recordings: (await t.app.ctx.database.db.select().from(recordings)).length,
    profilePicture: me.json().user.profilePicture,
    listed: recs.json(),
  };
}

describe('malformed multipart on the upload routes', () => {
  const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;
  const cases = (r: (typeof UPLOAD_ROUTES)[number]): [string, string, Buffer][] => {
    const head = Buffer.from(partHead(r.field, 'a.bin', r.type));
    const whole = Buffer.concat([head, r.bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    return [
      ['no boundary', 'multipart/form-data', whole],
      ['an empty boundary', 'multipart/form-data; boundary=', whole],
      ['a boundary too long for the parser', `multipart/form-data; boundary=${'b'.repeat(300)}`, whole],
      ['a body cut in the middle of the file', withBoundary, Buffer.concat([head, r.bytes.subarray(0, 40)])],
      [
        'a body cut after the file, before its closing boundary',
        withBoundary,
        Buffer.concat([head, r.bytes, Buffer.from(`\r\n--${BOUNDARY}`)]),
      ],
      [
        'a body cut after the file and a new part line',
        withBoundary,
        Buffer.concat([head, r.bytes, Buffer.from(`\r\n--${BOUNDARY}\r\n`)]),
      ],
      ['a body cut inside the part head', withBoundary, head.subarray(0, head.length - 10)],
      ['the opening boundary only', withBoundary, Buffer.from(`--${BOUNDARY}\r\n`)],
      ['a JSON body', withBoundary, Buffer.from(JSON.stringify({ [r.field]: 'x' }))],
      ['garbage', withBoundary, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 251))],
    ];
  };

  for (const r of UPLOAD_ROUTES) {
    it(`${r.url}: 400 "Malformed upload", nothing stored`, async () => {
      const before = await storedState();
      expect(before.files).toEqual([]);
      for (const [label, contentType, payload] of cases(r)) {
        const res = await t.app.inject({
          method: 'POST',
          url: r.url,
          headers: { cookie: member.cookie, 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json(), label).toEqual({ error: ERRORS.malformedUpload });
        expect(await storedState(), label).toEqual(before);
      }
    });
  }

  // Over a socket, so that the server has read the whole file before the body turns out cut: the
  // file must still not be kept.
  for (const r of UPLOAD_ROUTES) {
    it(`${r.url}: a body cut after a file the server has already read is refused too`, async () => {
      const before = await storedState();
      const first = Buffer.concat([Buffer.from(partHead(r.field, 'a.bin', r.type)), r.bytes]);
      const last = Buffer.from(`\r\n--${BOUNDARY}\r\n`);
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (d) => (answer += d.toString()));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST ${r.url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${member.cookie}\r\n` +
          `Content-Type: ${withBoundary}\r\nContent-Length: ${first.length + last.length}\r\n\r\n`,
      );
      socket.write(first);
      await expect.poll(tmpFiles, { timeout: 5000, interval: 10 }).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.write(last);
      await expect.poll(() => answer, { timeout: 5000 }).toMatch(/\r\n\r\n\{.*\}$/s);
      socket.destroy();
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.endsWith(JSON.stringify({ error: ERRORS.malformedUpload }))).toBe(true);
      expect(await storedState()).toEqual(before);
    });
  }

  it('a well-formed upload still goes through (the checks above are not refusing everything)', async () => {
    const r = UPLOAD_ROUTES[1]!;
    const payload = Buffer.concat([
      Buffer.from(partHead(r.field, 'a.png', r.type)),
      r.bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: r.url,
      headers: { cookie: member.cookie, 'content-type': withBoundary },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    await t.app.ctx.media.remove(url.split('/').at(-1)!);
    expect(storedFiles()).toEqual([]);
  });
});

describe('multipart sent to a JSON route', () => {
  it('is refused with 415 on every route that takes no upload', async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="username"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`;
    const jsonRoutes = routes().filter((r) => BODY_METHODS.has(r.method) && !r.upload && !r.formBody);
    expect(jsonRoutes.map(key)).toContain('POST /api/auth/login');
    for (const route of jsonRoutes) {
      const cookie = await sessionOf('admin');
      const res = await send(
        {
          method: route.method as InjectOptions['method'],
          url: pathWith(route.url, {}),
          headers: { cookie: cookie!, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          payload: body,
        },
        key(route),
      );
      expect(res.statusCode, `${key(route)}: ${res.body}`).toBe(415);
      expect(res.json()).toEqual({ error: ERRORS.unsupportedMediaType });
    }
    // A visitor too, on the sign-in route.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: ERRORS.unsupportedMediaType });
  });
});

describe('uploads that stall', () => {
  /**
   * Sends a request head and the first bytes of its body over a socket, then nothing. Returns
   * once the server has closed the connection, with how long after the last byte it did.
   */
  async function stall(head: string, body: Buffer, expectPartFile: boolean) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {}); // the server may reset the connection
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(head);
    if (body.length > 0) socket.write(body);
    const lastByteAt = Date.now();
    // The server has started writing the part file.
    if (expectPartFile) await expect.poll(() => tmpFiles().length, { timeout: 5000, interval: 20 }).toBe(1);
    const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), IDLE_MS + 5000));
    expect(await Promise.race([closed.then(() => 'closed' as const), timeout])).toBe('closed');
    return Date.now() - lastByteAt;
  }

  const multipartHead = (url: string, cookie: string, length: number) =>
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`;

  for (const r of UPLOAD_ROUTES) {
    it(`${r.url}: aborted after the idle timeout, the part file removed`, async () => {
      const before = await storedState();
      const body = Buffer.concat([Buffer.from(partHead(r.field, 'a.bin', r.type)), r.bytes.subarray(0, 100)]);
      const elapsed = await stall(multipartHead(r.url, member.cookie, body.length + 100_000), body, true);
      expect(elapsed).toBeGreaterThanOrEqual(IDLE_MS - 50);
      await expect.poll(tmpFiles, { timeout: 3000, interval: 20 }).toEqual([]);
      expect(await storedState()).toEqual(before);
    });
  }

  it('an upload that sends its head and no body at all is aborted too', async () => {
    const elapsed = await stall(multipartHead('/api/upload', member.cookie, 100_000), Buffer.alloc(0), false);
    expect(elapsed).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(storedFiles()).toEqual([]);
  });

  it('PUT /api/videos/upload/:token: aborted after the idle timeout, the part file removed', async () => {
    const before = await storedState();
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload-url',
      headers: { cookie: admin.cookie },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const { uploadURL } = issued.json() as { uploadURL: string };
    const head =
      `PUT ${uploadURL} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: video/webm\r\n` +
      `Content-Length: 10000000\r\n\r\n`;
    const elapsed = await stall(head, fixture('clip.webm').subarray(0, 4096), true);
    expect(elapsed).toBeGreaterThanOrEqual(IDLE_MS - 50);
    await expect.poll(tmpFiles, { timeout: 3000, interval: 20 }).toEqual([]);
    expect(await storedState()).toEqual(before);
  });

  it('an upload that keeps sending is not cut by the idle timeout', async () => {
    const r = UPLOAD_ROUTES[0]!;
    const file = Buffer.concat([r.bytes, Buffer.alloc(64 * 1024, 1)]);
    const chunks = [
      Buffer.from(partHead(r.field, 'a.png', r.type)),
      file.subarray(0, 20_000),
      file.subarray(20_000, 40_000),
      file.subarray(40_000),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ];
    const length = chunks.reduce((n, c) => n + c.length, 0);
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(multipartHead(r.url, member.cookie, length));
    // Each pause is shorter than the idle timeout; all together they are longer.
    for (const chunk of chunks) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 0.6));
      socket.write(chunk);
    }
    await expect.poll(() => answer, { timeout: 5000 }).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: member.cookie } });
    const picture = me.json().user.profilePicture as string;
    expect(picture).toMatch(/^\/api\/media\//);
    // Back to nothing stored, for the tests that compare with it.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { cookie: member.cookie },
      payload: { profilePicture: null },
    });
    expect(storedFiles()).toEqual([]);
  });
});
