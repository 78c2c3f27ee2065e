// Child process of bench/discussion-live.ts: members on lesson pages polling their thread as the client
// did before decision 58 (GET /api/discussions/{thread} every 1.5 s each, spread evenly), over keep-alive
// connections. Talks to its parent over IPC:
//   parent → { base, cookies, threads, intervalMs, seconds }   polls for `seconds`; answers the counts
import http from 'node:http';

type Start = { base: string; cookies: string[]; threads: string[]; intervalMs: number; seconds: number };
export type PollResults = { requests: number; errors: number; histogram: Array<[number, number]> };

const MAX_MS = 60_000;
const histogram = new Uint32Array(MAX_MS + 1);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let requests = 0;
let errors = 0;

function poll(url: string, cookie: string): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers: { cookie, accept: 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => {
        requests += 1;
        if (res.statusCode !== 200) errors += 1;
        histogram[Math.min(MAX_MS, Math.round(performance.now() - started))]! += 1;
        resolve();
      });
    });
    req.on('error', () => {
      errors += 1;
      resolve();
    });
  });
}

process.on('message', (msg: Start) => {
  const until = performance.now() + msg.seconds * 1000;
  const n = msg.cookies.length;
  const loops = msg.cookies.map(async (cookie, i) => {
    const url = `${msg.base}/api/discussions/${msg.threads[i % msg.threads.length]}`;
    // Spread over the interval, as pages opened at different moments are.
    await new Promise((r) => setTimeout(r, (i / n) * msg.intervalMs));
    while (performance.now() < until) {
      const next = performance.now() + msg.intervalMs;
      await poll(url, cookie);
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  });
  void Promise.all(loops).then(() => {
    const pairs: Array<[number, number]> = [];
    for (let ms = 0; ms <= MAX_MS; ms++) if (histogram[ms]) pairs.push([ms, histogram[ms]!]);
    const results: PollResults = { requests, errors, histogram: pairs };
    process.send!(results, () => process.exit(0));
  });
});
process.on('disconnect', () => process.exit(0));
