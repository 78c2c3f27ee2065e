import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { listenOnSocket } from '../lib/listen-socket';
import { removeLeftoverFolders, snapshotDataDir, type SnapshotOptions } from './snapshot';

/**
 * The backup control channel: how `npm run backup` asks the running server, which holds DATA_DIR
 * (the embedded database cannot be opened by a second process), for a consistent snapshot.
 *
 * The server, once it holds the data-folder lock, listens on a Unix socket,
 * DATA_DIR/tribe36.control.sock (chmod 0600), and writes DATA_DIR/tribe36.control.json (mode 0600)
 * with its pid, the socket's name and a random token. A request must carry the token: reading that
 * file takes the server's own user (or root), and so does reading the snapshot, which the server
 * leaves in DATA_DIR (a 0700 folder) rather than sending over the socket. When the socket's path
 * does not fit sun_path (108 bytes on Linux, 104 elsewhere) or the folder cannot hold sockets, it is
 * a Linux abstract socket (which has no permissions: the token is then what keeps others out), or,
 * elsewhere, live backups are off (the command says to stop the server).
 *
 * One request per connection: `{"op":"snapshot","token":…}` → `{"ok":true,"dir":…}` (or
 * `{"ok":false,"error":…}`). The snapshot folder lives until the connection closes: the command
 * archives it, then hangs up, and the server removes it.
 */

export const CONTROL_FILE = 'tribe36.control.json';
const CONTROL_SOCKET = 'tribe36.control.sock';
/** How long a connection may take to send its request. */
const REQUEST_WAIT_MS = 10_000;
const MAX_LINE = 4096;
const NO_SOCKETS_HERE = new Set(['EPERM', 'EOPNOTSUPP', 'ENOTSUP', 'ENXIO', 'EINVAL', 'EACCES']);

type ControlInfo = { pid: number; socket: string; token: string };

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

function readLine(socket: net.Socket, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    let data = '';
    const timer = setTimeout(() => done(null), timeoutMs);
    const done = (line: string | null) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      resolve(line);
    };
    const onData = (chunk: Buffer) => {
      data += chunk.toString('utf8');
      const newline = data.indexOf('\n');
      if (newline !== -1) done(data.slice(0, newline));
      else if (data.length > MAX_LINE) done(null);
    };
    const onEnd = () => done(null);
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('close', onEnd);
  });
}

/** A JSON object line, or null. */
function parseLine<T extends object>(line: string | null): T | null {
  if (line === null) return null;
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null;
  }
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Starts the control channel of a server that holds `dataDir`'s lock (and removes what a killed
 * backup or restore left there). Resolves with the function that stops it, which also removes
 * the snapshots still open.
 */
export async function startBackupControl(
  options: SnapshotOptions & { log: Log; abstractSockets?: boolean },
): Promise<() => void> {
  const dataDir = fs.realpathSync(options.dataDir);
  const { log } = options;
  removeLeftoverFolders(dataDir);
  const token = crypto.randomBytes(32).toString('hex');
  const snapshots = new Set<string>();
  const sockets = new Set<net.Socket>();
  let queue: Promise<unknown> = Promise.resolve();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    let dir: string | undefined;
    socket.on('close', () => {
      sockets.delete(socket);
      if (!dir) return;
      snapshots.delete(dir);
      fs.rm(dir, { recursive: true, force: true }, () => {});
    });
    void (async () => {
      const line = await readLine(socket, REQUEST_WAIT_MS);
      const request = parseLine<{ op?: unknown; token?: unknown }>(line);
      if (!request || typeof request.token !== 'string' || !sameToken(request.token, token)) {
        socket.end(JSON.stringify({ ok: false, error: 'Not authorized' }) + '\n');
        return;
      }
      if (request.op !== 'snapshot') {
        socket.end(JSON.stringify({ ok: false, error: 'Unknown request' }) + '\n');
        return;
      }
      const startedAt = Date.now();
      // One snapshot at a time.
      const taken = queue.then(() => snapshotDataDir(options));
      queue = taken.catch(() => {});
      try {
        const { dir: made, pauseMs } = await taken;
        if (socket.destroyed) {
          fs.rm(made, { recursive: true, force: true }, () => {});
          return;
        }
        dir = made;
        snapshots.add(made);
        log.info(
          { ms: Date.now() - startedAt, pauseMs: Math.round(pauseMs) },
          'backup: snapshot of the data folder taken',
        );
        socket.write(JSON.stringify({ ok: true, dir: made }) + '\n');
      } catch (err) {
        log.error({ err }, 'backup: the snapshot failed');
        socket.end(
          JSON.stringify({ ok: false, error: `The snapshot failed: ${(err as Error).message}` }) + '\n',
        );
      }
    })();
  });
  server.unref();

  const maxPathBytes = process.platform === 'linux' ? 107 : 103;
  const abstract = options.abstractSockets ?? process.platform === 'linux';
  const hash = crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 32);
  const abstractName = `\0tribe36-control-${hash}`;
  const file = path.join(dataDir, CONTROL_SOCKET);
  let where: string | null = null;
  if (process.platform !== 'win32' && Buffer.byteLength(file) <= maxPathBytes) {
    // Left by a server that was killed: we hold the folder's lock, so it is nobody's now.
    fs.rmSync(file, { force: true });
    // The socket is made 0600 once it exists, not through the umask, which is the whole process's: a
    // file or folder that another part of the server creates on the thread pool at that instant would
    // get it too. Until the chmod, the token still keeps others out.
    const err = await listenOnSocket(server, file);
    if (!err) {
      fs.chmodSync(file, 0o600);
      where = file;
    } else if (!NO_SOCKETS_HERE.has(err.code ?? '')) throw err;
  }
  if (!where && abstract) {
    const err = await listenOnSocket(server, abstractName);
    if (err) throw err;
    where = abstractName;
  }
  const infoFile = path.join(dataDir, CONTROL_FILE);
  if (!where) {
    fs.rmSync(infoFile, { force: true });
    log.warn('backup: no control socket here (shorten DATA_DIR): back up with the server stopped');
    return () => {};
  }
  const info: ControlInfo = { pid: process.pid, socket: where, token };
  const temp = `${infoFile}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(info) + '\n', { mode: 0o600 });
  fs.renameSync(temp, infoFile);

  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    server.close();
    for (const socket of sockets) socket.destroy();
    for (const dir of snapshots) fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(infoFile, { force: true });
    if (where === file) fs.rmSync(file, { force: true });
  };
}

export class ControlError extends Error {
  override name = 'ControlError';
}

export type LiveSnapshot = {
  /** The snapshot folder (inside DATA_DIR), until `release`. */
  dir: string;
  pid: number;
  /** True once the server hung up (it stopped): the folder may be gone. */
  lost(): boolean;
  /** Tells the server the snapshot is no longer needed. */
  release(): void;
};

/**
 * Asks the server holding `dataDir` for a snapshot. Null when no server answers there (none runs,
 * or the one that wrote the control file died); throws ControlError when one answers but refuses.
 */
export async function requestSnapshot(
  dataDir: string,
  timeoutMs = 10 * 60_000,
): Promise<LiveSnapshot | null> {
  let info: ControlInfo;
  try {
    info = JSON.parse(fs.readFileSync(path.join(dataDir, CONTROL_FILE), 'utf8')) as ControlInfo;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EACCES') {
      throw new ControlError(
        `Cannot read ${path.join(dataDir, CONTROL_FILE)}: run the backup as the server's user`,
      );
    }
    return null;
  }
  const socket = net.connect({ path: info.socket });
  socket.on('error', () => {});
  const connected = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    socket.once('connect', () => resolve(null));
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err));
  });
  if (connected) {
    socket.destroy();
    if (connected.code === 'ECONNREFUSED' || connected.code === 'ENOENT') return null;
    throw new ControlError(`Cannot reach the server's control socket: ${connected.message}`);
  }
  socket.write(JSON.stringify({ op: 'snapshot', token: info.token }) + '\n');
  const line = await readLine(socket, timeoutMs);
  const reply = parseLine<{ ok?: unknown; dir?: unknown; error?: unknown }>(line);
  if (!reply?.ok || typeof reply.dir !== 'string') {
    socket.destroy();
    throw new ControlError(
      typeof reply?.error === 'string'
        ? `The server (pid ${info.pid}) refused the snapshot: ${reply.error}`
        : `The server (pid ${info.pid}) did not answer the snapshot request`,
    );
  }
  const relative = path.relative(fs.realpathSync(dataDir), reply.dir);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
    socket.destroy();
    throw new ControlError(`The server (pid ${info.pid}) answered with a folder outside ${dataDir}`);
  }
  let closed = false;
  socket.on('close', () => (closed = true));
  return {
    dir: reply.dir,
    pid: info.pid,
    lost: () => closed,
    release: () => socket.end(),
  };
}
