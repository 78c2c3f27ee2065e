// Child process of bench/chat-live --members: the bare Node SSE broadcaster it compares against.
// GET opens a stream; POST takes a message as the app does ({ content, messageType }), gives it an
// id, serializes it once and writes the same bytes to every stream, then answers 201 with it.
// No auth, no database, no framework. Tells its parent the port it listens on.
// With --batched, the messages of one turn of the event loop go out as one write per stream (what
// the app does, docs/decisions.md decision 20): a bare broadcaster with the app's technique, to compare the
// app's own overhead against. Without it, one write per message per stream, the plain way.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const streams = new Set<http.ServerResponse>();
let lastId = 0;
const batched = process.argv.includes('--batched');
let outgoing: Buffer[] = [];

function flush() {
  const bytes = outgoing.length === 1 ? outgoing[0]! : Buffer.concat(outgoing);
  outgoing = [];
  for (const s of streams) s.write(bytes);
}

const server = http.createServer((req, res) => {
  if (req.method === 'POST') {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => {
      const { content, messageType } = JSON.parse(Buffer.concat(parts).toString()) as {
        content: string;
        messageType: string;
      };
      const message = {
        id: ++lastId,
        content,
        messageType,
        createdAt: new Date().toISOString(),
        user: { name: 'Bench Member', username: 'bench-member', profilePicture: null },
      };
      const json = JSON.stringify(message);
      const chunk = Buffer.from(`id: ${message.id}\ndata: ${json}\n\n`);
      if (!batched) for (const s of streams) s.write(chunk);
      else if (outgoing.push(chunk) === 1) setImmediate(flush);
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
      res.end(json);
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
  res.write('retry: 3000\n\n');
  streams.add(res);
  res.on('close', () => streams.delete(res));
});
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => process.exit(0));
