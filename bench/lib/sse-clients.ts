// Child process of bench/chat-live: opens N Server-Sent Events streams, times every message by the
// `sentAt` it carries, and prints the latencies as JSON once each stream has `expect` messages.
// argv: url, expect, then one cookie per stream (or "-" for none).
import http from 'node:http';

const [url, expectText, ...cookies] = process.argv.slice(2);
const expectedAll = Number(expectText);
const latencies: number[] = [];
let open = 0;
let done = 0;

for (const arg of cookies) {
  // `<n>@<cookie>`: this stream expects n messages (a member who blocks a poster gets fewer, decision 55).
  const own = /^(\d+)@(.*)$/.exec(arg);
  const cookie = own ? own[2]! : arg;
  const expected = own ? Number(own[1]) : expectedAll;
  let buffer = '';
  let received = 0;
  const req = http.get(
    url!,
    { headers: { accept: 'text/event-stream', ...(cookie !== '-' ? { cookie } : {}) } },
    (res) => {
      if (res.statusCode !== 200) {
        console.error(`stream answered ${res.statusCode}`);
        process.exit(1);
      }
      open += 1;
      if (open === cookies.length) process.stdout.write('READY\n');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = Date.now();
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          // Named events (the member count) are not messages.
          if (!data || /^event: /m.test(block)) continue;
          const { content } = JSON.parse(data) as { content: string };
          const sentAt = Number(/sentAt=(\d+)/.exec(content)?.[1]);
          latencies.push(now - sentAt);
          received += 1;
          if (received === expected) {
            req.destroy();
            done += 1;
            if (done === cookies.length) {
              process.stdout.write(JSON.stringify(latencies) + '\n');
              process.exit(0);
            }
          }
        }
      });
    },
  );
  req.on('error', (err) => {
    if (received < expected) {
      console.error(err);
      process.exit(1);
    }
  });
}
