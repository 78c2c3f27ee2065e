// Benchmark: the chat poll, GET /api/chat/community with 100 messages in the room and a signed-in
// cookie, against a bare Node http server answering the same bytes, in the same script.
// Goal (issue 14): ratio ≥ 0.8.  Usage: node --import tsx bench/chat-poll.ts [seconds] [connections]
import { bareServer, compare, copyableHeaders, measure, signUp, startApp } from './lib/harness';

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);

const app = await startApp();
const cookies = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => signUp(app.base, `poster${i}@example.com`)));
for (let i = 0; i < 100; i++) {
  const res = await fetch(`${app.base}/api/chat/community`, {
    method: 'POST',
    headers: { cookie: cookies[i % cookies.length]!, 'content-type': 'application/json' },
    body: JSON.stringify({
      content: `Message ${i}: film review at six, bring your clips.`,
      messageType: 'text',
    }),
  });
  if (res.status !== 201) throw new Error(`post ${i}: ${res.status}`);
}
const cookie = cookies[0]!;
// As autocannon asks: no compression (fetch would ask for it, and the bare server would copy its headers).
const page = await fetch(`${app.base}/api/chat/community`, {
  headers: { cookie, 'accept-encoding': 'identity' },
});
const body = await page.text();
const bare = await bareServer(body, copyableHeaders(page));

const r = await compare(
  () => measure(`${bare.url}/api/chat/community`, {}, seconds, connections),
  () => measure(`${app.base}/api/chat/community`, { cookie }, seconds, connections),
);
console.log(`100 messages, ${(body.length / 1024).toFixed(1)} KiB a response`);
console.log(
  `bare node http               ${r.baseline.rps.toFixed(0).padStart(8)} req/s  p99 ${r.baseline.p99} ms`,
);
console.log(`GET /api/chat/community      ${r.ours.rps.toFixed(0).padStart(8)} req/s  p99 ${r.ours.p99} ms`);
console.log(
  `ratio ${r.ratio.toFixed(2)}× the bare server (goal ≥ 0.8; ${connections} connections, ${seconds} s each)`,
);

console.log(
  `fast path: ${app.app.pollFastPath.served()} polls answered before Fastify's routing (decision 32)`,
);

bare.close();
await app.close();
