import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { listenOnSocket } from './listen-socket';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/*
 * The data folder lock is a listening Unix domain socket, DATA_DIR/tribe36.lock.sock. The kernel
 * closes a process's sockets the moment it dies (before it is a zombie, reaped or not), so:
 *  - connecting succeeds: a live server holds the folder. It answers every connection with its pid
 *    as JSON, for the message. (A live holder is the one that accepts in the kernel, even while
 *    its event loop is busy: a connect does not wait for accept.)
 *  - connecting is refused: the file was left by a dead server; it is removed and taken over.
 *  - connecting succeeds, but the connection is closed without the pid: the holder is being killed
 *    (see Probe); ask again in a moment.
 *
 * Taking it, without ever removing a live holder's socket:
 *  1. Listen on a private name, DATA_DIR/tribe36.lock.sock.<random>, then hard-link it to
 *     tribe36.lock.sock. link() fails when the name exists, so that is an atomic "create if
 *     absent", and the shared name only ever names a socket that already listens.
 *  2. The name exists and refuses connections (stale): remove it and go back to 1, but only while
 *     holding the takeover mutex and after probing again under it. Otherwise two starters that both
 *     found it stale could race: one removes the stale file and links its own, the other then
 *     removes that fresh one. Under the mutex nothing can change the name between the probe and
 *     the removal: a name is only ever removed by a mutex holder that found it stale, or by its
 *     live holder on release (and then it is not stale).
 *     The mutex: on Linux a socket in the abstract namespace (no file, freed by the kernel when
 *     its holder dies, so it cannot go stale); elsewhere an exclusive ('wx') file,
 *     tribe36.lock.takeover, held for milliseconds and deemed abandoned after
 *     TAKEOVER_STALE_MS. (The abstract namespace is per network namespace: two containers with
 *     separate networks sharing one volume are still kept apart by the socket file itself; only
 *     a stale takeover started in both at the same instant is not serialized.)
 *  3. Release removes the shared name only while it is still our socket (same inode), then closes
 *     the socket. (libuv removes the name a socket was bound to when it is closed: that is the
 *     private name, never the shared one.)
 *
 * sun_path holds 108 bytes on Linux (104 on macOS), NUL included. When the private socket path
 * does not fit, the lock is, on Linux, a socket in the abstract namespace named after a hash of
 * the folder's real path (nothing on disk, never stale); elsewhere starting fails with a message
 * asking for a shorter DATA_DIR. Changing directory to bind through a relative path is not an
 * option in a server (the cwd is process-wide). The same fallback is used when the folder's file
 * system cannot hold sockets. On Windows (no Unix sockets in folders) the lock is a named pipe,
 * \\.\pipe\tribe36-lock-<hash>, which Windows also frees when its holder dies.
 *
 * Versions before 23 November 2026 locked the folder with a pid file, DATA_DIR/tribe36.lock,
 * `{"pid":…,"startedAt":…}` created with 'wx' (startedAt: the process's start time in clock ticks
 * since boot, /proc/PID/stat field 22, as a string; null off Linux). Such a server knows nothing
 * of the socket, so the file is honoured both ways (decision 43):
 *  - A file naming a live process means an older server uses the folder: refused with the same
 *    message as a live socket, before anything else, and checked again once the socket is held
 *    (an older server may have started meanwhile). Live: kill(pid, 0) succeeds or says EPERM, the
 *    process's main thread is not a zombie (it is being killed), its start time is the one written
 *    (when written), and it did not start after the file was written (boot time + start ticks,
 *    with LEGACY_START_TOLERANCE_S; catches a pid reused after a reboot or a container restart).
 *    Our own pid is never a live holder: that file was left by an earlier process with our pid.
 *  - Only a dead holder's file is removed (and only while it is still the file read).
 *  - Once the socket is held, this server writes the file itself, in the old format and with
 *    'wx' as the old servers do, so that an older server started on the folder refuses too. It
 *    adds `"socket": true`: such a file belongs to a holder of the socket lock, which we now hold,
 *    so its writer is dead (zombie or not, on any platform) and the file is replaced at once.
 *    Release removes it while it is still ours (same token).
 *  - A file that is not JSON with an integer pid is no lock (the old servers treated it so too):
 *    it is removed with a warning, unless it is younger than LEGACY_EMPTY_WAIT_MS, when it is an
 *    older server's file between its creation and its write: waited for.
 * What remains: a pid in another pid namespace (another container on the same volume) cannot be
 * checked; and an older server that removes a dead holder's file in the instant between our read
 * and removal of that same file can lose its own (the old servers raced one another so too).
 */

const SOCKET_NAME = 'tribe36.lock.sock';
const TAKEOVER_FILE = 'tribe36.lock.takeover';
const OLD_PID_FILE = 'tribe36.lock';
/** How long a takeover file may exist before it is deemed left by a dead starter (not on Linux). */
const TAKEOVER_STALE_MS = 10_000;
/** How old a private socket must be to be removed as left by a dead starter. */
const LEFTOVER_AGE_MS = 60_000;
/** How long a live holder may take to send its pid before the message says "pid unknown". */
const PID_WAIT_MS = 3_000;
/** How long a starter waits for another starter's takeover to finish. */
const TAKEOVER_WAIT_MS = 15_000;
/** Errors binding in the folder that mean it cannot hold sockets (then, on Linux, abstract). */
const NO_SOCKETS_HERE = new Set(['EPERM', 'EOPNOTSUPP', 'ENOTSUP', 'ENXIO', 'EINVAL']);
/** How young an unreadable pid file is still an older server's being written (as they judged it). */
const LEGACY_EMPTY_WAIT_MS = 5000;
/** How much later than its pid file a holder may have started (boot time is whole seconds). */
const LEGACY_START_TOLERANCE_S = 10;

export type LockOptions = {
  /** Whether the abstract socket namespace is available; Linux only. For tests. */
  abstractSockets?: boolean;
  /** Where a warning goes (an unreadable pid file of earlier versions removed); console.warn by default. */
  warn?: (message: string) => void;
};

/**
 * live: someone listens (pid null when it did not say in time); stale: nobody listens on that file;
 * gone: no such file; dying: it accepted but closed without a word. That is a holder being
 * killed: a process's files are closed when its last thread exits, and until then its socket
 * still accepts, though its main thread may already show as a zombie. Asked again, it is stale.
 */
type Probe =
  { state: 'live'; pid: number | null } | { state: 'stale' } | { state: 'gone' } | { state: 'dying' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function busyError(dir: string, takeoverFile: boolean) {
  return new DataDirLockedError(
    `Could not take the lock on the data folder ${dir} in ${TAKEOVER_WAIT_MS / 1000} s: another ` +
      'server kept starting or stopping on it.' +
      (takeoverFile ? ` If none is, remove ${path.join(dir, TAKEOVER_FILE)}.` : ''),
  );
}

function lockedError(dir: string, pid: number | null) {
  return new DataDirLockedError(
    `The data folder ${dir} is in use by another Tribe36 server (pid ${pid ?? 'unknown'}). ` +
      'Stop that server first, or set DATA_DIR to another folder.',
  );
}

/** A server that answers every connection with this process's pid, and does not keep it alive. */
function holderServer(): net.Server {
  const hello = JSON.stringify({ pid: process.pid }) + '\n';
  return net.createServer((socket) => {
    socket.on('error', () => {});
    socket.unref();
    socket.end(hello);
  });
}

/** Listens on a socket path (or abstract name) without keeping the process alive; the error, or null. */
const listen = (server: net.Server, where: string) => listenOnSocket(server, where, { unref: true });

/** Who, if anyone, listens on a socket path (or abstract name). */
function probe(where: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ path: where });
    let connected = false;
    let data = '';
    let timer: NodeJS.Timeout | undefined;
    const settle = (result: Probe) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const live = () => {
      let pid: number | null = null;
      try {
        const parsed = JSON.parse(data.split('\n')[0]!) as { pid?: unknown };
        if (Number.isInteger(parsed.pid)) pid = parsed.pid as number;
      } catch {
        // No answer in time: it is alive all the same (busy).
      }
      settle({ state: 'live', pid });
    };
    // Closed by the other side: a live holder says its pid first.
    const closed = () => (data.includes('\n') ? live() : settle({ state: 'dying' }));
    socket.on('connect', () => {
      connected = true;
      timer = setTimeout(live, PID_WAIT_MS);
    });
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.includes('\n')) live();
    });
    socket.on('end', closed);
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (connected) closed();
      // Nothing listens there any more: its holder died.
      else if (err.code === 'ECONNREFUSED') settle({ state: 'stale' });
      else if (err.code === 'ENOENT') settle({ state: 'gone' });
      // Accepted and dropped before the connection was reported: a holder being killed, as above.
      else if (err.code === 'ECONNRESET' || err.code === 'EPIPE') settle({ state: 'dying' });
      // The backlog is full: someone is there.
      else if (err.code === 'EAGAIN') settle({ state: 'live', pid: null });
      else {
        socket.destroy();
        reject(err);
      }
    });
  });
}

/** Links `from` to `to` unless `to` exists; true when linked. */
function linkIfAbsent(from: string, to: string): boolean {
  try {
    fs.linkSync(from, to);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** The takeover mutex (see above); null when another starter holds it. */
async function takeTakeover(dir: string, hash: string, abstract: boolean): Promise<(() => void) | null> {
  if (abstract) {
    const server = net.createServer();
    const err = await listen(server, `\0tribe36-takeover-${hash}`);
    if (!err) return () => server.close();
    if (err.code === 'EADDRINUSE') return null;
    throw err;
  }
  const file = path.join(dir, TAKEOVER_FILE);
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
    return () => fs.rmSync(file, { force: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > TAKEOVER_STALE_MS) fs.rmSync(file, { force: true });
    return null;
  }
}

/**
 * The lock as a socket only the kernel keeps (abstract namespace, or a Windows named pipe): the
 * kernel alone decides, nothing goes stale.
 */
async function lockKernelName(dir: string, name: string): Promise<() => void> {
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    const server = holderServer();
    const err = await listen(server, name);
    if (!err) return once(() => server.close());
    if (err.code !== 'EADDRINUSE') throw err;
    const holder = await probe(name);
    if (holder.state === 'live') throw lockedError(dir, holder.pid);
    // Bound but not listening yet, or dying: ask again in a moment.
    if (Date.now() > deadline) throw busyError(dir, false);
    await sleep(25);
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/**
 * Removes private sockets left by starters that died while taking the lock (nobody reuses a name).
 * Only old ones: a starter's socket is bound a moment before it listens, and refuses meanwhile.
 */
async function removeLeftovers(dir: string, mine: string) {
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(`${SOCKET_NAME}.`)) continue;
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (file === mine || !stat || Date.now() - stat.mtimeMs < LEFTOVER_AGE_MS) continue;
    if ((await probe(file).catch(() => null))?.state === 'stale') fs.rmSync(file, { force: true });
  }
}

/**
 * Takes an exclusive lock on the data folder: two servers on one PGlite folder would silently
 * lose rows. A lock left by a killed process is taken over at once (see above).
 * Resolves with the release function (idempotent); rejects with DataDirLockedError when a live
 * server holds the folder.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => void> {
  const abstract = options.abstractSockets ?? process.platform === 'linux';
  const warn = options.warn ?? ((message: string) => console.warn(message));
  fs.mkdirSync(dataDir, { recursive: true });
  const dir = fs.realpathSync(dataDir);
  // An older server holds the folder: refuse before taking anything (checked again below).
  const early = readLegacyLock(path.join(dir, OLD_PID_FILE));
  if (early.state === 'held' && !early.socket && legacyHolderAlive(early)) throw lockedError(dir, early.pid);
  const hash = crypto.createHash('sha256').update(dir).digest('hex').slice(0, 32);
  const shared = path.join(dir, SOCKET_NAME);
  const mine = `${shared}.${crypto.randomBytes(4).toString('hex')}`;
  const maxPathBytes = process.platform === 'linux' ? 107 : 103;

  const tooLong = () =>
    new DataDirLockedError(
      `The data folder path ${dir} is too long for its lock socket (at most ` +
        `${maxPathBytes - SOCKET_NAME.length - 10} bytes); set DATA_DIR to a shorter path.`,
    );
  let release: () => void;
  if (process.platform === 'win32') {
    release = await lockKernelName(dir, `\\\\.\\pipe\\tribe36-lock-${hash}`);
  } else if (Buffer.byteLength(mine) > maxPathBytes) {
    if (!abstract) throw tooLong();
    release = await lockKernelName(dir, `\0tribe36-lock-${hash}`);
  } else {
    const server = holderServer();
    const err = await listen(server, mine);
    if (err) {
      if (!abstract || !NO_SOCKETS_HERE.has(err.code ?? '')) throw err;
      release = await lockKernelName(dir, `\0tribe36-lock-${hash}`);
    } else {
      release = await lockFile(dir, hash, abstract, server, mine, shared);
    }
  }
  let releaseLegacy: () => void;
  try {
    releaseLegacy = await takeLegacyLock(dir, warn);
  } catch (err) {
    release();
    throw err;
  }
  await removeLeftovers(dir, mine);
  return once(() => {
    releaseLegacy();
    release();
  });
}

/** The pid file of earlier versions, as read: see the comment at the top. */
type LegacyLock =
  | {
      state: 'held';
      pid: number;
      startedAt: string | null;
      /** Written by a server that also held the socket lock (this version or later). */
      socket: boolean;
      token: string | null;
      mtimeMs: number;
      ino: number;
    }
  | { state: 'unreadable'; mtimeMs: number; ino: number }
  | { state: 'gone' };

function readLegacyLock(file: string): LegacyLock {
  let text: string;
  let stat: fs.Stats;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      stat = fs.fstatSync(fd);
      text = fs.readFileSync(fd, 'utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'gone' };
    throw err;
  }
  const unreadable = { state: 'unreadable', mtimeMs: stat.mtimeMs, ino: stat.ino } as const;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return unreadable;
  }
  if (typeof parsed !== 'object' || parsed === null) return unreadable;
  const { pid, startedAt, socket, token } = parsed as Record<string, unknown>;
  if (!Number.isInteger(pid) || (pid as number) <= 0) return unreadable;
  return {
    state: 'held',
    pid: pid as number,
    startedAt: typeof startedAt === 'string' ? startedAt : null,
    socket: socket === true,
    token: typeof token === 'string' ? token : null,
    mtimeMs: stat.mtimeMs,
    ino: stat.ino,
  };
}

/** /proc/PID/stat's fields from field 3 on (the command name, in parentheses, may hold spaces). */
function procStat(pid: number | string, task?: string): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}${task ? `/task/${task}` : ''}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** A process's start time in clock ticks after boot (field 22), as earlier versions wrote it. */
function processStartTicks(pid: number): string | null {
  return procStat(pid)?.[19] ?? null;
}

/** Boot time in seconds since the epoch (/proc/stat btime), or null. */
function bootTime(): number | null {
  try {
    const m = /^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a process is exiting or exited: its main thread is a zombie (Z) or dead (X). Linux only.
 * A killed Node process's main thread shows Z while its other threads (libuv's pool, V8's) are
 * still being torn down, for a moment that grows on a loaded machine; the database ran on the
 * main thread, so from then on it writes nothing.
 */
function exiting(fields: string[]): boolean {
  return /^[ZX]$/.test(fields[0] ?? '');
}

/** Whether the process a pid file of earlier versions names still runs (see the top comment). */
function legacyHolderAlive(lock: Extract<LegacyLock, { state: 'held' }>): boolean {
  if (lock.pid === process.pid) return false;
  try {
    process.kill(lock.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const fields = procStat(lock.pid);
  // Off Linux, or /proc hidden: alive is all we know.
  if (!fields) return true;
  if (exiting(fields)) return false;
  const ticks = fields[19];
  if (lock.startedAt !== null && /^\d+$/.test(lock.startedAt) && ticks !== lock.startedAt) return false;
  const boot = bootTime();
  // USER_HZ is 100 on every Linux build Node runs on.
  if (boot !== null && ticks !== undefined) {
    const startedS = boot + Number(ticks) / 100;
    if (startedS > lock.mtimeMs / 1000 + LEGACY_START_TOLERANCE_S) return false;
  }
  return true;
}

/** Removes the pid file if it is still the one read (same inode). */
function removeLegacyIfSame(file: string, ino: number) {
  const now = fs.statSync(file, { throwIfNoEntry: false });
  if (now && now.ino === ino) fs.rmSync(file, { force: true });
}

/**
 * With the socket held: refuses while an older server's pid file names a live process, removes a
 * dead one's, and writes ours in its place (see the top comment). Resolves with its release.
 */
async function takeLegacyLock(dir: string, warn: (message: string) => void): Promise<() => void> {
  const file = path.join(dir, OLD_PID_FILE);
  const token = crypto.randomBytes(8).toString('hex');
  const mine = JSON.stringify({
    pid: process.pid,
    startedAt: processStartTicks(process.pid),
    socket: true,
    token,
  });
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      try {
        fs.writeSync(fd, mine);
      } finally {
        fs.closeSync(fd);
      }
      return () => {
        const now = readLegacyLock(file);
        if (now.state === 'held' && now.token === token) removeLegacyIfSame(file, now.ino);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const found = readLegacyLock(file);
    if (found.state === 'held') {
      if (!found.socket && legacyHolderAlive(found)) throw lockedError(dir, found.pid);
      removeLegacyIfSame(file, found.ino);
    } else if (found.state === 'unreadable') {
      if (Date.now() - found.mtimeMs >= LEGACY_EMPTY_WAIT_MS) {
        warn(`Removed ${file}: not a lock file of an earlier version (no JSON with a pid in it).`);
        removeLegacyIfSame(file, found.ino);
      } else {
        // An older server between creating the file and writing its pid: ask again in a moment.
        if (Date.now() > deadline) throw busyError(dir, false);
        await sleep(25);
      }
    }
  }
}

/** Steps 1 to 3 above, with `server` already listening on `mine`. */
async function lockFile(
  dir: string,
  hash: string,
  abstract: boolean,
  server: net.Server,
  mine: string,
  shared: string,
): Promise<() => void> {
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  try {
    const ours = fs.statSync(mine);
    for (;;) {
      if (linkIfAbsent(mine, shared)) break;
      const holder = await probe(shared);
      if (holder.state === 'live') throw lockedError(dir, holder.pid);
      if (holder.state === 'gone') continue;
      if (holder.state === 'stale') {
        const releaseTakeover = await takeTakeover(dir, hash, abstract);
        if (releaseTakeover) {
          try {
            const again = await probe(shared);
            if (again.state === 'live') throw lockedError(dir, again.pid);
            if (again.state === 'stale') fs.rmSync(shared, { force: true });
            if (linkIfAbsent(mine, shared)) break;
          } finally {
            releaseTakeover();
          }
          continue;
        }
      }
      // Another starter is taking over, or the holder is dying: ask again in a moment.
      if (Date.now() > deadline) throw busyError(dir, !abstract);
      await sleep(25);
    }
    return once(() => {
      // Remove the shared name only while it is ours: while our socket listens, nobody else removes it.
      const now = fs.statSync(shared, { throwIfNoEntry: false });
      if (now && now.ino === ours.ino && now.dev === ours.dev) fs.rmSync(shared, { force: true });
      server.close();
    });
  } catch (err) {
    server.close();
    throw err;
  } finally {
    // The shared name (if linked) keeps the socket reachable; the private one is not needed.
    fs.rmSync(mine, { force: true });
  }
}
