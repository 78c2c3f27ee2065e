// What an operator does: `npm start`, kill -9 the whole process group under write load, `npm start`
// again at once on the same DATA_DIR. The restart must not be refused by the data folder lock (the
// killed processes may still be unreaped zombies), and every write the server acknowledged must be
// there. A second `npm start` next to a live server must be refused.
//
// In a container whose pid 1 does not reap, the killed processes stay zombies for good; a lock
// that asks kill(pid, 0) then refuses the restart. To test that case, when python3 is at hand the
// servers run under a small "keeper" that makes itself the child subreaper (prctl
// PR_SET_CHILD_SUBREAPER: orphans of the group are handed to it) and never reaps: the killed
// server's node process is then a zombie when the next one starts, and the test checks it is.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'operator-secret-pass';
/** Messages a member may post in 10 s (CHAT_RATE_LIMIT_MESSAGES is 20): kill before anyone nears it. */
const ACKED_BEFORE_KILL = 15;

type Started = {
  /** npm (its process group's leader), or the keeper above it. */
  child: ChildProcess;
  /** npm's pid: its process group. */
  group: () => number;
  output: () => string;
  /** When npm exits (never known under the keeper, which does not reap). */
  exited: Promise<number | null>;
};

/** Forks `npm start` into its own process group, and then never reaps a thing (see above). */
const KEEPER = `
import ctypes, os, sys, time
if ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
    sys.exit('keeper: prctl failed')
pid = os.fork()
if pid == 0:
    os.setpgid(0, 0)
    os.execvp('npm', ['npm', 'start'])
try:
    os.setpgid(pid, pid)
except OSError:
    pass
sys.stdout.write('keeper: npm pid %d\\n' % pid)
sys.stdout.flush()
while True:
    time.sleep(3600)
`;
const withKeeper =
  process.platform === 'linux' &&
  spawnSync('python3', ['-c', 'import ctypes'], { stdio: 'ignore' }).status === 0;

const started: Started[] = [];
let dataDir: string;
let port: number;
let url: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `npm start` in its own process group, as an operator's shell or service manager runs it; under
 * the keeper when `keeper` (and python3 is at hand).
 */
function npmStart(keeper = withKeeper): Started {
  const env = {
    ...process.env,
    NODE_OPTIONS: '',
    npm_config_update_notifier: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  };
  const stdio: ['ignore', 'pipe', 'pipe'] = ['ignore', 'pipe', 'pipe'];
  const child = keeper
    ? spawn('python3', ['-c', KEEPER], { cwd: root, detached: true, env, stdio })
    : spawn('npm', ['start'], { cwd: root, detached: true, env, stdio });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const group = () => {
    if (!keeper) return child.pid!;
    const m = /keeper: npm pid (\d+)/.exec(out);
    if (!m) throw new Error(`the keeper did not start npm:\n${out}`);
    return Number(m[1]);
  };
  const server = { child, group, output: () => out, exited };
  started.push(server);
  return server;
}

async function until<T>(what: string, check: () => T | undefined | null | false, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits for the server to listen; resolves with its node process's pid (from its log). */
async function waitListening(server: Started): Promise<number> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const line = await until(
    'the server to listen',
    () => {
      const out = server.output();
      if (exitCode !== undefined || /in use by another Tribe36 server|could not start/.test(out)) {
        throw new Error(`npm start failed (exit code ${exitCode}):\n${out}`);
      }
      return out.split('\n').find((l) => l.includes(`Server listening at http://127.0.0.1:${port}`));
    },
    90_000,
  ).catch((err: Error) => {
    throw new Error(`${err.message}\n${server.output()}`);
  });
  return Number(/"pid":(\d+)/.exec(line)![1]);
}

/** kill -9 of a process group (and of the keeper's, which is its own). */
function killGroup(pgid: number) {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function stateOf(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], processGroup: Number(fields[2]) };
}

async function post(pathname: string, body: unknown, cookie?: string) {
  return fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

function sessionCookie(res: Response) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tribe36_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

async function login(email: string) {
  const res = await post('/api/auth/login', { username: email, password: PASSWORD });
  expect(res.status, `log in as ${email}`).toBe(200);
  return sessionCookie(res);
}

/** Every message of the room, newest page first, then older pages. */
async function allMessages(cookie: string): Promise<Set<string>> {
  const contents = new Set<string>();
  let query = '';
  for (;;) {
    const res = await fetch(`${url}/api/chat/community${query}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { id: number; content: string }[];
    if (page.length === 0) return contents;
    for (const m of page) contents.add(m.content);
    query = `?before=${Math.min(...page.map((m) => m.id))}`;
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-operator-'));
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const server of started) {
    // npm's process group, then the keeper (if any): its zombies then go to init, which reaps them.
    try {
      killGroup(server.group());
    } catch {
      // The keeper had not started npm.
    }
    killGroup(server.child.pid!);
  }
  await Promise.all(
    started.map(({ child }) =>
      child.exitCode !== null || child.signalCode !== null ? null : new Promise((r) => child.on('exit', r)),
    ),
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('an operator', () => {
  it('restarts with npm start right after kill -9 of the process group under load, twice, and every acknowledged write is there; a second server is refused', async () => {
    const members: { email: string; cookie: string }[] = [];
    const acked: string[] = [];
    let server = npmStart();
    let serverPid = await waitListening(server);

    for (let round = 1; round <= 2; round++) {
      // A member or three more (few: registrations per address may be limited).
      for (let i = 0; i < (round === 1 ? 3 : 1); i++) {
        const email = `operator-${round}-${i}@example.com`;
        const res = await post('/api/auth/register', { username: email, email, password: PASSWORD });
        expect(res.status, await res.clone().text()).toBe(201);
        members.push({ email, cookie: sessionCookie(res) });
      }

      // Write load: every member posts back to back; a 2xx answer is an acknowledged write.
      let stop = false;
      let ackedThisRound = 0;
      const problems: string[] = [];
      const writers = members.map(async (member, m) => {
        for (let n = 0; !stop; n++) {
          const content = `round ${round} member ${m} message ${n}`;
          try {
            const res = await post('/api/chat/community', { content, messageType: 'text' }, member.cookie);
            if (res.ok) {
              acked.push(content);
              ackedThisRound++;
            } else if (res.status === 429) {
              await new Promise((r) => setTimeout(r, 200)); // the chat's rate limit: not a failure
            } else if (!stop) {
              problems.push(`${res.status} ${await res.text()}`);
            }
          } catch (err) {
            // Requests in flight when the server is killed fail: they were not acknowledged.
            if (!stop) problems.push(String(err));
          }
          if (problems.length > 0) return;
        }
      });
      await until(
        'acknowledged writes',
        () => {
          if (problems.length > 0) throw new Error(problems.join('\n'));
          return ackedThisRound >= ACKED_BEFORE_KILL;
        },
        60_000,
      );

      // kill -9 the whole group (npm, its shell, node) while requests are in flight, and start
      // again at once: no waiting for the old processes to be reaped.
      killGroup(server.group());
      stop = true;
      const killedPid = serverPid;
      const killedAt = Date.now();
      server = npmStart();
      expect(Date.now() - killedAt).toBeLessThan(1000);
      await Promise.all(writers);
      expect(problems).toEqual([]);
      serverPid = await waitListening(server);
      expect(server.output()).not.toContain('in use by another Tribe36 server');
      // Under the keeper, the killed server's node process is still an unreaped zombie.
      if (withKeeper) expect(stateOf(killedPid).state).toBe('Z');

      // Every acknowledged write survived: each member logs in, and each message is in the room.
      for (const member of members) member.cookie = await login(member.email);
      const stored = await allMessages(members[0]!.cookie);
      const missing = acked.filter((content) => !stored.has(content));
      expect(missing, `${missing.length} of ${acked.length} acknowledged messages lost`).toEqual([]);
    }

    // A second server on the same folder, next to the live one: refused, naming the live one's pid.
    const second = npmStart(false); // not under the keeper: its exit code is wanted
    expect(await second.exited).not.toBe(0);
    const refusal =
      /The data folder .* is in use by another Tribe36 server \(pid (\d+)\)\. Stop that server first, or set DATA_DIR to another folder\./.exec(
        second.output(),
      );
    expect(refusal, second.output()).not.toBeNull();
    // That pid is the live server's node process, in the group its npm start leads.
    expect(Number(refusal![1])).toBe(serverPid);
    expect(stateOf(serverPid).processGroup).toBe(server.group());
    // The live server is unharmed.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const stored = await allMessages(members[0]!.cookie);
    expect(acked.filter((content) => !stored.has(content))).toEqual([]);
  }, 300_000);
});
