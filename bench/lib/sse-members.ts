// Child process of bench/chat-live --members: holds one Server-Sent Events stream per cookie and
// times every delivered message by the `sentAt=` its content carries. Parsing is kept to a few
// byte scans per event, so that 2,000 streams at 33 messages a second leave this process idle
// enough not to be what is measured. Talks to its parent over IPC:
//   parent → { url, cookies, posts, notifications? }
//                                          open the streams; answers { ready, failed } once all are open.
//                                          `notifications`: how many `notification` events (decision 56)
//                                          the streams should get in all, timed by the `sentAt=` of the
//                                          excerpt they carry (a mention's message text)
//   parent → { finish: graceMs }          every post was answered; answers the results once each stream
//                                          has every post, or after graceMs
import net from 'node:net';

type Start = {
  url: string;
  cookies: string[];
  posts: number;
  notifications?: number;
  /** Per stream (bench/discussion-live.ts): its own URL, and how many of the posts it is to get. */
  urls?: string[];
  expected?: number[];
};
export type StreamResults = {
  /** [latency ms, count] pairs */
  histogram: Array<[number, number]>;
  delivered: number;
  lost: number;
  duplicates: number;
  outOfOrder: number;
  errors: string[];
  /** Notifications: [latency ms, count] pairs, how many arrived (each message's once), how many did not. */
  notificationHistogram: Array<[number, number]>;
  notificationsDelivered: number;
  notificationsLost: number;
};

const SENT = Buffer.from('sentAt=');
const SEQ = Buffer.from(' seq=');
const END = Buffer.from('\n\n');
const ID = Buffer.from('id: ');
const NOTIFICATION = Buffer.from('event: notification\n');
const OK = Buffer.from('HTTP/1.1 200');
const MAX_MS = 120_000;
const histogram = new Uint32Array(MAX_MS + 1);
const errors: string[] = [];
let delivered = 0;
let duplicates = 0;
let outOfOrder = 0;
let complete = 0;
let onComplete: (() => void) | undefined;
const notificationHistogram = new Uint32Array(MAX_MS + 1);
let notificationsExpected = 0;
let notificationsDelivered = 0;
/** The seq of each message whose notification arrived (a mention notifies one member). */
const notified = new Set<number>();
const allDone = () => complete === streams.length && notificationsDelivered >= notificationsExpected;

/** The decimal number at `at` in `b`. */
function digits(b: Buffer, at: number): number {
  let n = 0;
  for (let i = at; i < b.length; i++) {
    const c = b[i]!;
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  return n;
}

type Stream = {
  seen: Uint8Array;
  count: number;
  lastId: number;
  carry: Buffer | null;
  done: boolean;
  /** How many posts it is to get. */
  expected: number;
};

function onData(s: Stream, chunk: Buffer) {
  const now = Date.now();
  const b = s.carry ? Buffer.concat([s.carry, chunk]) : chunk;
  let pos = 0;
  for (;;) {
    const end = b.indexOf(END, pos);
    if (end < 0) break;
    // "id: N\ndata: {…"content":"sentAt=T seq=K …"…}" (comments and the retry line carry no sentAt)
    const at = b.indexOf(SENT, pos);
    const note = b.indexOf(NOTIFICATION, pos);
    if (note >= 0 && note < end) {
      // A notification: its excerpt is the mention's text, which starts with the same sentAt and seq.
      if (at >= 0 && at < end) {
        const sentAt = digits(b, at + SENT.length);
        const seq = digits(b, b.indexOf(SEQ, at) + SEQ.length);
        if (notified.has(seq)) duplicates += 1;
        else {
          notified.add(seq);
          notificationsDelivered += 1;
          notificationHistogram[Math.min(MAX_MS, Math.max(0, now - sentAt))]! += 1;
          if (onComplete && allDone()) onComplete();
        }
      }
    } else if (at >= 0 && at < end) {
      const sentAt = digits(b, at + SENT.length);
      const seqAt = b.indexOf(SEQ, at);
      const seq = digits(b, seqAt + SEQ.length);
      const idAt = b.indexOf(ID, pos);
      const id = idAt >= 0 && idAt < at ? digits(b, idAt + ID.length) : 0;
      if (id < s.lastId) outOfOrder += 1;
      s.lastId = id;
      if (seq >= s.seen.length || s.seen[seq]) duplicates += 1;
      else {
        s.seen[seq] = 1;
        s.count += 1;
        delivered += 1;
        histogram[Math.min(MAX_MS, Math.max(0, now - sentAt))]! += 1;
        if (s.count === s.expected && !s.done) {
          s.done = true;
          complete += 1;
          if (onComplete && allDone()) onComplete();
        }
      }
    }
    pos = end + 2;
  }
  s.carry = pos < b.length ? Buffer.from(b.subarray(pos)) : null;
}

const streams: Stream[] = [];

/**
 * One stream over a plain TCP socket: the request written by hand and the answer scanned as bytes
 * (the chunked framing around each event is skipped by the scan), so that no HTTP parser runs here.
 */
function open(url: string, cookie: string, posts: number, expectedHere = posts): Promise<void> {
  const s: Stream = {
    seen: new Uint8Array(posts),
    count: 0,
    lastId: 0,
    carry: null,
    done: expectedHere === 0,
    expected: expectedHere,
  };
  if (s.done) complete += 1;
  streams.push(s);
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.write(
        `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n` +
          (cookie !== '-' ? `Cookie: ${cookie}\r\n` : '') +
          '\r\n',
      );
    });
    socket.setNoDelay(true);
    let head = true;
    socket.on('data', (chunk: Buffer) => {
      if (head) {
        head = false;
        if (!chunk.subarray(0, 12).equals(OK))
          errors.push(`stream answered ${chunk.subarray(9, 12).toString()}`);
        resolve();
      }
      onData(s, chunk);
    });
    socket.on('close', () => {
      if (s.count < s.expected) errors.push(`a stream ended after ${s.count} of ${s.expected} messages`);
      resolve();
    });
    socket.on('error', (err) => {
      if (s.count < s.expected) errors.push(`stream: ${err.message}`);
    });
  });
}

process.on('message', (msg: Start | { finish: number }) => {
  if ('url' in msg) {
    notificationsExpected = msg.notifications ?? 0;
    void (async () => {
      // At most 100 connecting at a time: the listen backlog is not what is measured.
      for (let i = 0; i < msg.cookies.length; i += 100) {
        await Promise.all(
          msg.cookies
            .slice(i, i + 100)
            .map((c, k) => open(msg.urls?.[i + k] ?? msg.url, c, msg.posts, msg.expected?.[i + k])),
        );
      }
      process.send!({ ready: true, failed: errors.length });
    })();
    return;
  }
  let reported = false;
  const report = () => {
    if (reported) return;
    reported = true;
    const pairs: Array<[number, number]> = [];
    for (let ms = 0; ms <= MAX_MS; ms++) if (histogram[ms]) pairs.push([ms, histogram[ms]!]);
    const lost = streams.reduce((n, st) => n + st.expected, 0) - delivered;
    const notes: Array<[number, number]> = [];
    for (let ms = 0; ms <= MAX_MS; ms++)
      if (notificationHistogram[ms]) notes.push([ms, notificationHistogram[ms]!]);
    const results: StreamResults = {
      histogram: pairs,
      delivered,
      lost,
      duplicates,
      outOfOrder,
      errors,
      notificationHistogram: notes,
      notificationsDelivered,
      notificationsLost: Math.max(0, notificationsExpected - notificationsDelivered),
    };
    process.send!(results, () => process.exit(0));
  };
  if (allDone()) report();
  else {
    onComplete = report;
    setTimeout(report, msg.finish).unref();
  }
});
process.on('disconnect', () => process.exit(0));
