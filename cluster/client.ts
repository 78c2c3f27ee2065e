// What the cluster tests do as members: HTTP requests from a chosen loopback source address (every
// 127.x.y.z is this machine, and the proxy sees each as a client of its own), registration, sign-in,
// posting, and posters that keep posting while an operator's fault happens.
import http from 'node:http';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

let addresses = 0;

/**
 * A loopback source address no earlier call returned (127.0.1.1, 127.0.1.2…), so that per-address
 * limits (registrations, sign-in failures) of one test do not fall on another.
 */
export function newClientAddress(): string {
  const n = 256 + ++addresses;
  return `127.0.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * One request; `from` is its source address. Rejects when no answer came within `timeoutMs`
 * (a hang is a failure, never a wait).
 */
export function request(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    from?: string;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        localAddress: init.from,
        agent: false,
        signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          const body = Buffer.concat(parts);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString() });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

export const jsonBody = (body: object, cookie?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

function sessionCookie(answer: Answer): string {
  const cookie = ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('tribe36_session=') && !/Max-Age=0/i.test(c));
  if (!cookie) throw new Error(`no session cookie in an answer ${answer.status}: ${answer.text}`);
  return cookie.split(';')[0]!;
}

export type Member = { email: string; password: string; cookie: string };

let members = 0;

/** Registers a member through `base`, from an address of its own; signed in. */
export async function register(base: string): Promise<Member> {
  const email = `cluster${++members}.${process.pid}@example.com`;
  const password = 'cluster-password';
  const res = await request(`${base}/api/auth/register`, {
    ...jsonBody({ username: email, email, password }),
    from: newClientAddress(),
  });
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${res.text}`);
  return { email, password, cookie: sessionCookie(res) };
}

/** A sign-in attempt (without any device cookie) from `from`. */
export const signIn = (base: string, username: string, password: string, from: string, headers = {}) =>
  request(`${base}/api/auth/login`, {
    ...jsonBody({ username, password }),
    headers: { 'content-type': 'application/json', ...headers },
    from,
  });

/** Posts a chat message: its id when acknowledged (201), else the status (0: no answer at all). */
export async function post(
  base: string,
  cookie: string,
  content: string,
): Promise<number | { status: number }> {
  try {
    const res = await request(
      `${base}/api/chat/community`,
      jsonBody({ content, messageType: 'text' }, cookie),
    );
    if (res.status === 201) return (JSON.parse(res.text) as { id: number }).id;
    return { status: res.status };
  } catch {
    return { status: 0 };
  }
}

/**
 * Members posting through `base`, each every `gapMs` (under the chat's limit of 20 messages in
 * 10 s a member), until stop(). `acknowledged` lists the ids of the messages answered 201;
 * `refusals` counts every other answer by status.
 */
export function startPosters(base: string, posters: Member[], gapMs: number) {
  const acknowledged: number[] = [];
  const refusals = new Map<number, number>();
  let posting = true;
  const done = Promise.all(
    posters.map(async (m, i) => {
      for (let n = 0; posting; n++) {
        const r = await post(base, m.cookie, `poster ${i} message ${n}`);
        if (typeof r === 'number') acknowledged.push(r);
        else refusals.set(r.status, (refusals.get(r.status) ?? 0) + 1);
        if (posting) await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
    }),
  );
  const refused = (status: number) => refusals.get(status) ?? 0;
  return {
    acknowledged,
    refusals,
    refused,
    async stop() {
      posting = false;
      await done;
    },
  };
}
