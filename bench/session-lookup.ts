// Benchmark: a signed-in GET /api/auth/me (session and user from the in-memory cache, docs/decisions.md
// decision 6) against a bare Node http server answering the same bytes, in the same script.
// Usage: npm run bench  (or: node --import tsx bench/session-lookup.ts [seconds] [connections])
import { bareServer, compare, copyableHeaders, measure, signUp, startApp } from './lib/harness';

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);

const app = await startApp();
const cookie = await signUp(app.base, 'bench@example.com');
const me = await fetch(`${app.base}/api/auth/me`, { headers: { cookie } });
const bare = await bareServer(await me.text(), copyableHeaders(me));

const r = await compare(
  () => measure(`${bare.url}/api/auth/me`, {}, seconds, connections),
  () => measure(`${app.base}/api/auth/me`, { cookie }, seconds, connections),
);
console.log(
  `bare node http          ${r.baseline.rps.toFixed(0).padStart(8)} req/s  p99 ${r.baseline.p99} ms`,
);
console.log(`GET /api/auth/me (ours) ${r.ours.rps.toFixed(0).padStart(8)} req/s  p99 ${r.ours.p99} ms`);
console.log(`ratio ${r.ratio.toFixed(2)}× the bare server (${connections} connections, ${seconds} s each)`);

bare.close();
await app.close();
