import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const SOCKET = 'tribe36.lock.sock';
const PID_FILE = 'tribe36.lock';
const moduleUrl = pathToFileURL(path.join(import.meta.dirname, 'data-dir-lock.ts')).href;
/** The lock of versions before the socket, unchanged. */
const legacyUrl = pathToFileURL(
  path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'legacy-data-dir-lock.ts'),
).href;

const dirs: string[] = [];
const children: ChildProcess[] = [];
const releases: (() => void)[] = [];
function tmp() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-lock-'));
  dirs.push(d);
  return d;
}
async function lock(dir: string, options?: Parameters<typeof lockDataDir>[1]) {
  const release = await lockDataDir(dir, options);
  releases.push(release);
  return release;
}
afterEach(() => {
  for (const release of releases.splice(0)) release();
  for (const child of children.splice(0)) {
    try {
      // Children that lead a process group (the non-reaping parent) go with theirs.
      process.kill(child.spawnargs[0] === 'sh' ? -child.pid! : child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A socket file nobody listens on any more, as a killed server leaves it. */
async function staleSocket(file: string) {
  const server = net.createServer();
  const bound = `${file}.tmp`;
  await new Promise<void>((resolve) => server.listen(bound, resolve));
  fs.linkSync(bound, file);
  await new Promise((resolve) => server.close(resolve)); // removes `bound`, leaves `file`
}

/**
 * A child process running `body` with `lockDataDir` in scope (ESM, top-level await allowed).
 * `reaped: false` runs it under a shell that execs `sleep`, which never reaps it: once killed, it
 * stays a zombie.
 */
function child(body: string, env: Record<string, string>, reaped = true) {
  const code = `const { lockDataDir } = await import(${JSON.stringify(moduleUrl)});\n${body}`;
  const args = ['--import', 'tsx', '--input-type=module', '-e', code];
  const quoted = [process.execPath, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
  const proc = reaped
    ? spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn('sh', ['-c', `${quoted} & exec sleep 600`], {
        env: { ...process.env, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
  children.push(proc);
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const waitFor = async (re: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = re.exec(out);
      if (m) return m;
      if (Date.now() > deadline) throw new Error(`child did not print ${re}:\n${out}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (c) => resolve(c)));
  return { proc, waitFor, exited, output: () => out };
}

function readPidFile(dir: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(dir, PID_FILE), 'utf8')) as Record<string, unknown>;
}

/** A live process that is not this one, and its start time as earlier versions wrote it. */
async function liveProcess() {
  const proc = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(proc);
  await new Promise((resolve) => proc.stdout!.once('data', resolve));
  return { proc, pid: proc.pid!, startedAt: procStartTicks(proc.pid!) };
}

function procStartTicks(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

/** Takes the lock and holds it (the lock alone does not keep a process alive). */
const HOLD = `
const release = await lockDataDir(process.env.LOCK_DIR);
console.log('locked ' + process.pid);
setInterval(() => {}, 1000);
process.on('SIGTERM', () => { release(); process.exit(0); });
`;

function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

// Tests that start processes get time on a loaded machine.
const SLOW = 120_000;

describe('data folder lock', () => {
  it(
    'refuses a second holder while the first lives, naming its pid, and frees on release',
    async () => {
      const dir = tmp();
      const release = await lock(dir);
      expect(fs.statSync(path.join(dir, SOCKET)).isSocket()).toBe(true);
      const refused = lockDataDir(dir);
      await expect(refused).rejects.toThrow(DataDirLockedError);
      await expect(refused).rejects.toThrow(
        `The data folder ${fs.realpathSync(dir)} is in use by another Tribe36 server (pid ${process.pid}). ` +
          'Stop that server first, or set DATA_DIR to another folder.',
      );
      release();
      release(); // twice is harmless
      expect(fs.readdirSync(dir)).toEqual([]);
      (await lock(dir))();
    },
    SLOW,
  );

  it(
    'refuses while another process holds it, and takes over at once when that process is SIGKILLed, zombie or not',
    async () => {
      const dir = tmp();
      const holder = child(HOLD, { LOCK_DIR: dir }, false);
      const pid = Number((await holder.waitFor(/locked (\d+)/))[1]);
      await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${pid})`);

      process.kill(pid, 'SIGKILL');
      // Its parent (sleep) never reaps it: it stays a zombie, and kill(pid, 0) still succeeds.
      const deadline = Date.now() + 10_000;
      while (processState(pid) !== 'Z') {
        if (Date.now() > deadline) throw new Error(`pid ${pid} is ${processState(pid)}, not a zombie`);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(() => process.kill(pid, 0)).not.toThrow();
      const started = Date.now();
      await lock(dir);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(processState(pid)).toBe('Z'); // taken before it was reaped
      await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${process.pid})`);
    },
    SLOW,
  );

  it(
    'takes over right after kill -9 without waiting for the exit',
    async () => {
      const dir = tmp();
      const holder = child(HOLD, { LOCK_DIR: dir });
      await holder.waitFor(/locked/);
      holder.proc.kill('SIGKILL');
      // The kernel closes its socket while killing it; retry only until the signal is delivered.
      const deadline = Date.now() + 5000;
      for (;;) {
        try {
          await lock(dir);
          break;
        } catch (err) {
          if (!(err instanceof DataDirLockedError) || Date.now() > deadline) throw err;
        }
      }
      expect(fs.existsSync(path.join(dir, SOCKET))).toBe(true);
    },
    SLOW,
  );

  it('asks again when the holder closes connections without a word (it is being killed)', async () => {
    const dir = tmp();
    const shared = path.join(dir, SOCKET);
    const dying = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dying.listen(`${shared}.dying`, resolve));
    fs.linkSync(`${shared}.dying`, shared);
    setTimeout(() => dying.close(), 300);
    const started = Date.now();
    await lock(dir);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it(
    'refuses when the holder accepts but is too busy to say its pid',
    async () => {
      const dir = tmp();
      const shared = path.join(dir, SOCKET);
      const busy = net.createServer(() => {});
      await new Promise<void>((resolve) => busy.listen(`${shared}.busy`, resolve));
      fs.linkSync(`${shared}.busy`, shared);
      try {
        await expect(lockDataDir(dir)).rejects.toThrow('in use by another Tribe36 server (pid unknown)');
      } finally {
        busy.close();
      }
    },
    SLOW,
  );

  it('does not keep a process alive, and a socket left by a process that never released is taken over', async () => {
    const dir = tmp();
    const holder = child(`await lockDataDir(process.env.LOCK_DIR); console.log('locked');`, {
      LOCK_DIR: dir,
    });
    expect(await holder.exited).toBe(0);
    expect(holder.output()).toContain('locked');
    expect(fs.statSync(path.join(dir, SOCKET)).isSocket()).toBe(true); // left behind, stale
    await lock(dir);
  });

  it(
    'lets exactly one of several processes starting at once take over a stale socket, round after round',
    async () => {
      const dir = tmp();
      await staleSocket(path.join(dir, SOCKET));
      const RACE = `
const readline = await import('node:readline');
console.log('ready');
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line !== 'go') continue;
  try {
    await lockDataDir(process.env.LOCK_DIR);
    console.log('locked ' + process.pid);
    setInterval(() => {}, 1000);
  } catch (err) {
    console.log('refused ' + err.message);
  }
}`;
      for (let round = 0; round < 3; round++) {
        const racers = Array.from({ length: 4 }, () => child(RACE, { LOCK_DIR: dir }));
        for (const r of racers) await r.waitFor(/ready/);
        for (const r of racers) r.proc.stdin!.write('go\n');
        const results = await Promise.all(racers.map((r) => r.waitFor(/(locked|refused) ?(.*)/)));
        const winners = results.filter((m) => m[1] === 'locked');
        expect(winners, results.map((m) => m[0]).join('\n')).toHaveLength(1);
        const winner = racers[results.indexOf(winners[0]!)]!;
        for (const m of results.filter((x) => x[1] === 'refused')) {
          expect(m[2]).toContain(`is in use by another Tribe36 server (pid ${winner.proc.pid})`);
        }
        // The winner dies hard: the next round starts on a stale socket again.
        for (const r of racers) r.proc.kill('SIGKILL');
        await Promise.all(racers.map((r) => r.exited));
      }
    },
    SLOW,
  );

  for (const abstractSockets of [true, false]) {
    it(`lets exactly one of several starters in one process take over a stale socket (${abstractSockets ? 'abstract' : 'file'} takeover mutex)`, async () => {
      for (let round = 0; round < 5; round++) {
        const dir = tmp();
        await staleSocket(path.join(dir, SOCKET));
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, () => lockDataDir(dir, { abstractSockets })),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        expect(won).toHaveLength(1);
        for (const r of results) {
          if (r.status === 'rejected') expect(String(r.reason)).toMatch(/in use by another Tribe36 server/);
        }
        // The winner's socket is the one at the shared name.
        await expect(lockDataDir(dir, { abstractSockets })).rejects.toThrow(/in use/);
        (won[0] as PromiseFulfilledResult<() => void>).value();
        expect(fs.readdirSync(dir)).toEqual([]);
      }
    });
  }

  it('waits for a takeover in progress (file mutex), and clears one abandoned long ago', async () => {
    const dir = tmp();
    const takeover = path.join(dir, 'tribe36.lock.takeover');
    await staleSocket(path.join(dir, SOCKET));
    fs.writeFileSync(takeover, '');
    let settled = false;
    const pending = lockDataDir(dir, { abstractSockets: false }).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    fs.rmSync(takeover);
    releases.push(await pending);
    releases.pop()!();

    await staleSocket(path.join(dir, SOCKET));
    fs.writeFileSync(takeover, '');
    const longAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(takeover, longAgo, longAgo);
    await lock(dir, { abstractSockets: false });
  });

  it('on release removes the socket file only when it is its own', async () => {
    const dir = tmp();
    const first = await lock(dir);
    // Someone deletes the socket file by hand and starts another server.
    fs.rmSync(path.join(dir, SOCKET));
    const second = await lock(dir);
    first();
    expect(fs.existsSync(path.join(dir, SOCKET))).toBe(true);
    await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${process.pid})`);
    second();
    expect(fs.existsSync(path.join(dir, SOCKET))).toBe(false);
  });

  it('replaces a pid file of earlier versions left by an earlier process with its pid, and removes old private sockets of dead starters', async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, PID_FILE), JSON.stringify({ pid: process.pid, startedAt: null }));
    // A private socket of a starter that died a while ago, and one of a starter binding right now.
    const longAgo = new Date(Date.now() - 120_000);
    await staleSocket(path.join(dir, `${SOCKET}.deadbeef`));
    fs.utimesSync(path.join(dir, `${SOCKET}.deadbeef`), longAgo, longAgo);
    await staleSocket(path.join(dir, `${SOCKET}.0babe000`));
    await lock(dir);
    expect(fs.readdirSync(dir).sort()).toEqual([PID_FILE, SOCKET, `${SOCKET}.0babe000`]);
    expect(readPidFile(dir)).toMatchObject({ pid: process.pid, socket: true });
  });

  it('uses an abstract socket when the folder path is too long for a socket path (Linux)', async () => {
    const dir = path.join(tmp(), 'd'.repeat(100));
    const release = await lock(dir);
    expect(fs.readdirSync(dir)).toEqual([PID_FILE]);
    await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${process.pid})`);
    // Another spelling of the same folder is the same lock.
    await expect(lockDataDir(path.join(dir, '..', 'd'.repeat(100)))).rejects.toThrow(/in use/);
    release();
    (await lock(dir))();
    await expect(lockDataDir(dir, { abstractSockets: false })).rejects.toThrow(/too long.*shorter path/);
  });
  describe('with the pid file of earlier versions (tribe36.lock)', () => {
    const lockedMessage = (dir: string, pid: number) =>
      `The data folder ${fs.realpathSync(dir)} is in use by another Tribe36 server (pid ${pid}). ` +
      'Stop that server first, or set DATA_DIR to another folder.';

    it(
      'refuses while it names a live process, leaving the folder as it was, and takes it once that process is gone',
      async () => {
        const dir = tmp();
        const holder = await liveProcess();
        const content = JSON.stringify({ pid: holder.pid, startedAt: holder.startedAt });
        fs.writeFileSync(path.join(dir, PID_FILE), content);
        await expect(lockDataDir(dir)).rejects.toThrow(lockedMessage(dir, holder.pid));
        // Without a start time (as written off Linux), a live pid is a live holder too.
        await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
        fs.writeFileSync(path.join(dir, PID_FILE), JSON.stringify({ pid: holder.pid, startedAt: null }));
        await expect(lockDataDir(dir)).rejects.toThrow(lockedMessage(dir, holder.pid));
        expect(fs.readdirSync(dir)).toEqual([PID_FILE]);

        holder.proc.kill('SIGKILL');
        await new Promise((resolve) => holder.proc.once('exit', resolve));
        const release = await lock(dir);
        expect(readPidFile(dir)).toMatchObject({ pid: process.pid, socket: true });
        release();
        expect(fs.readdirSync(dir)).toEqual([]);
      },
      SLOW,
    );

    it('takes it when its live pid is another process (another start time, or started after the file was written)', async () => {
      const dir = tmp();
      const other = await liveProcess();
      fs.writeFileSync(path.join(dir, PID_FILE), JSON.stringify({ pid: other.pid, startedAt: '12345' }));
      (await lock(dir))();

      fs.writeFileSync(path.join(dir, PID_FILE), JSON.stringify({ pid: other.pid, startedAt: null }));
      const hourAgo = new Date(Date.now() - 3_600_000);
      fs.utimesSync(path.join(dir, PID_FILE), hourAgo, hourAgo);
      await lock(dir);
      expect(readPidFile(dir)).toMatchObject({ pid: process.pid });
    });

    it(
      'takes it when it names a killed process that is not reaped yet (a zombie holds nothing)',
      async () => {
        const dir = tmp();
        const holder = child(`console.log('up ' + process.pid); setInterval(() => {}, 1000);`, {}, false);
        const pid = Number((await holder.waitFor(/up (\d+)/))[1]);
        fs.writeFileSync(path.join(dir, PID_FILE), JSON.stringify({ pid, startedAt: procStartTicks(pid) }));
        await expect(lockDataDir(dir)).rejects.toThrow(lockedMessage(dir, pid));
        process.kill(pid, 'SIGKILL');
        const deadline = Date.now() + 10_000;
        while (processState(pid) !== 'Z') {
          if (Date.now() > deadline) throw new Error(`pid ${pid} is ${processState(pid)}, not a zombie`);
          await new Promise((r) => setTimeout(r, 5));
        }
        await lock(dir);
        expect(readPidFile(dir)).toMatchObject({ pid: process.pid });
      },
      SLOW,
    );

    it('replaces at once a file written by a holder of the socket lock, even naming a live pid', async () => {
      const dir = tmp();
      const other = await liveProcess();
      fs.writeFileSync(
        path.join(dir, PID_FILE),
        JSON.stringify({ pid: other.pid, startedAt: other.startedAt, socket: true, token: 'x' }),
      );
      await lock(dir);
      expect(readPidFile(dir)).toMatchObject({ pid: process.pid, socket: true });
    });

    it('removes, with a warning, a file that is not JSON with a pid once it is 5 s old', async () => {
      const dir = tmp();
      const warnings: string[] = [];
      fs.writeFileSync(path.join(dir, PID_FILE), 'not json');
      const old = new Date(Date.now() - 10_000);
      fs.utimesSync(path.join(dir, PID_FILE), old, old);
      await lock(dir, { warn: (m) => warnings.push(m) });
      expect(warnings).toEqual([expect.stringContaining(`${PID_FILE}: not a lock file`)]);
      expect(readPidFile(dir)).toMatchObject({ pid: process.pid });
    });

    it(
      'refuses, and gives the socket back, when an older server writes its pid into the file after the socket was taken',
      async () => {
        const dir = tmp();
        const holder = await liveProcess();
        // An older server has created the file and not written its pid yet.
        fs.writeFileSync(path.join(dir, PID_FILE), '');
        let settled = false;
        const pending = lockDataDir(dir).finally(() => (settled = true));
        pending.catch(() => {});
        await new Promise((r) => setTimeout(r, 300));
        expect(settled).toBe(false);
        fs.writeFileSync(
          path.join(dir, PID_FILE),
          JSON.stringify({ pid: holder.pid, startedAt: holder.startedAt }),
        );
        await expect(pending).rejects.toThrow(lockedMessage(dir, holder.pid));
        expect(fs.readdirSync(dir)).toEqual([PID_FILE]);
        await expect(lockDataDir(dir)).rejects.toThrow(lockedMessage(dir, holder.pid));
      },
      SLOW,
    );

    it(
      'keeps out an older server while it holds the folder, and is kept out by one (their own lock code)',
      async () => {
        const dir = tmp();
        const OLD = `const { lockDataDir: lockOld } = await import(${JSON.stringify(legacyUrl)});
try {
  lockOld(process.env.LOCK_DIR);
  console.log('locked ' + process.pid);
  setInterval(() => {}, 1000);
} catch (err) {
  console.log('refused ' + err.message);
}`;
        const release = await lock(dir);
        const refusedOld = child(OLD, { LOCK_DIR: dir });
        const m = await refusedOld.waitFor(/(locked|refused) (.*)/);
        expect(m[0]).toBe(`refused ${lockedMessage(dir, process.pid)}`);
        release();

        const old = child(OLD, { LOCK_DIR: dir });
        const pid = Number((await old.waitFor(/locked (\d+)/))[1]);
        await expect(lockDataDir(dir)).rejects.toThrow(lockedMessage(dir, pid));
        old.proc.kill('SIGKILL');
        await old.exited;
        await lock(dir);
      },
      SLOW,
    );
  });
});
