// The cluster's reverse proxy when nginx is not installed (cluster/proxy.ts): round robin over the
// instances, every response passed on as it comes (Server-Sent Events), the client's address
// appended to X-Forwarded-For as nginx's $proxy_add_x_forwarded_for does. A request whose instance
// refuses the connection goes to the next one (nothing of it was sent), and that instance is
// skipped for FAIL_MS, like nginx's max_fails=1 fail_timeout.
// argv: the port to listen on, then the instances' ports.
import http from 'node:http';

const FAIL_MS = 5000;
const [listenPort, ...upstreamPorts] = process.argv.slice(2).map(Number);
const upstreams = upstreamPorts.map((port) => ({ port, downUntil: 0 }));
let turn = 0;

// Per connection, not passed on (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function passable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP_BY_HOP.has(k)));
}

function forward(req: http.IncomingMessage, res: http.ServerResponse, tried: number) {
  const now = Date.now();
  let pick = upstreams[turn++ % upstreams.length]!;
  for (let i = 0; i < upstreams.length && pick.downUntil > now; i++) {
    pick = upstreams[turn++ % upstreams.length]!;
  }
  const client = req.socket.remoteAddress ?? '';
  const forwardedFor = req.headers['x-forwarded-for'];
  const upstream = http.request({
    host: '127.0.0.1',
    port: pick.port,
    method: req.method,
    path: req.url,
    agent: false,
    headers: {
      ...passable(req.headers),
      'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${client}` : client,
      'x-forwarded-proto': 'http',
    },
  });
  let connected = false;
  upstream.on('socket', (socket) => {
    socket.setNoDelay(true);
    socket.once('connect', () => {
      connected = true;
      req.pipe(upstream);
    });
  });
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, passable(answer.headers));
    res.flushHeaders();
    answer.on('data', (chunk: Buffer) => res.write(chunk));
    answer.on('end', () => res.end());
    // The instance died mid-answer: the client sees its connection end too.
    answer.on('aborted', () => res.destroy());
    answer.on('error', () => res.destroy());
  });
  upstream.on('error', () => {
    if (!connected) {
      pick.downUntil = Date.now() + FAIL_MS;
      if (tried + 1 < upstreams.length) return forward(req, res, tried + 1);
    }
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Bad gateway' }));
    } else res.destroy();
  });
  res.on('close', () => upstream.destroy());
}

const server = http.createServer((req, res) => forward(req, res, 0));
server.keepAliveTimeout = 65_000;
server.listen(listenPort, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
