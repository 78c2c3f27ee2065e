// Benchmark: GET /api/members?search= at 1,000, 10,000 and 100,000 members (docs/architecture.md "Performance budgets": p95
// under 20 ms at 100,000 on PostgreSQL, and at most 3× the p95 at 1,000).
// Run by hand:  node --import tsx bench/member-search.ts
// On PostgreSQL: BENCH_DATABASE_URL=postgres://user@host:port/postgres node --import tsx bench/member-search.ts
// (it creates and drops its own database). Members are inserted straight into the database with
// one precomputed password hash: argon2 for each would take most of an hour.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { hashPassword } from '../server/lib/passwords';
import { ownDatabase, quantile } from './lib/harness';

const SIZES = [1_000, 10_000, 100_000];
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const FIRST = [
  'james',
  'maria',
  'kobe',
  'serena',
  'lebron',
  'diana',
  'tom',
  'megan',
  'shohei',
  'simone',
  'patrick',
  'naomi',
  'luka',
  'alex',
  'jordan',
  'sam',
  'taylor',
  'chris',
  'jamal',
  'aaliyah',
  'mateo',
  'sofia',
  'noah',
  'emma',
  'liam',
  'olivia',
  'ethan',
  'ava',
  'lucas',
  'mia',
];
const LAST = [
  'johnson',
  'williams',
  'bryant',
  'garcia',
  'brown',
  'jones',
  'miller',
  'davis',
  'martinez',
  'wilson',
  'anderson',
  'thomas',
  'jackson',
  'white',
  'harris',
  'martin',
  'thompson',
  'robinson',
  'clark',
  'lewis',
  'walker',
  'young',
  'allen',
  'king',
  'wright',
  'scott',
  'green',
  'baker',
  'adams',
  'nelson',
];
const QUERIES = { 'two characters': 'ja', common: 'son', rare: 'zyxquin' };

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

const own = await ownDatabase();
const url = own.url;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-bench-search-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(url ? { DATABASE_URL: url } : {}) });
const database = await openDatabase({
  url,
  dataDir: path.join(dataDir, 'db'),
  migrationsDir: config.migrationsDir,
});
const app = await buildApp({ config, database });
await app.ready();

const reg = await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  payload: { email: 'viewer@bench.example', password: 'bench-password' },
});
const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
const passwordHash = await hashPassword('not-a-real-password');

let seeded = 0;
async function seedTo(total: number) {
  const batch = 1000;
  while (seeded < total) {
    const rows = [];
    for (let i = 0; i < batch && seeded < total; i++, seeded++) {
      const first = FIRST[seeded % FIRST.length]!;
      const last = LAST[Math.floor(seeded / FIRST.length) % LAST.length]!;
      const rare = seeded === Math.floor(total / 2) && total === SIZES[0];
      rows.push({
        username: `${first}-${last}-${seeded}`,
        email: `m${seeded}@bench.example`,
        name: rare ? 'Zyxquin Rare' : `${cap(first)} ${cap(last)}`,
        passwordHash,
        privacyLevel: (seeded % 10 === 0 ? 'private' : 'public') as 'private' | 'public',
      });
    }
    await database.db.insert(users).values(rows);
  }
  await database.db.execute(sql`analyze users`);
}

async function time(query: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 10; i++) {
    const t0 = process.hrtime.bigint();
    const res = await app.inject({
      url: `/api/members?search=${encodeURIComponent(query)}`,
      headers: { cookie },
    });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    if (i >= 10) times.push(ms); // the first runs warm caches
  }
  return times;
}

console.log(
  `member search on ${url ? 'PostgreSQL' : 'PGlite'}, ${RUNS} requests per query (through app.inject)`,
);
const p95BySize = new Map<number, number>();
for (const size of SIZES) {
  await seedTo(size);
  const all: number[] = [];
  const parts: string[] = [];
  for (const [label, q] of Object.entries(QUERIES)) {
    const times = (await time(q)).sort((a, b) => a - b);
    all.push(...times);
    parts.push(
      `${label} "${q}" median ${quantile(times, 0.5).toFixed(2)} p95 ${quantile(times, 0.95).toFixed(2)}`,
    );
  }
  all.sort((a, b) => a - b);
  p95BySize.set(size, quantile(all, 0.95));
  console.log(
    `${String(size).padStart(7)} members: median ${quantile(all, 0.5).toFixed(2)} ms, p95 ${quantile(all, 0.95).toFixed(2)} ms   (${parts.join('; ')})`,
  );
}
const ratio = p95BySize.get(100_000)! / p95BySize.get(1_000)!;
console.log(
  `ratio p95 at 100,000 / p95 at 1,000: ${ratio.toFixed(2)} (budget: at most 3; p95 at 100,000 under 20 ms on PostgreSQL)`,
);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
await own.drop();
