import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { plainText, tokensIn } from './mailbox';

export type Received = { from: string; to: string[]; user: unknown; raw: string };

/** A real SMTP server on 127.0.0.1 (no TLS), with one user, collecting what it receives. */
export async function startSmtp(port = 0) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'tester' && auth.password === 'p@ss:word') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((w) => w());
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as net.AddressInfo).port,
    received,
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} messages arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** SMTP_URL for this server, with its one user's credentials. */
    get url() {
      return `smtp://tester:${encodeURIComponent('p@ss:word')}@127.0.0.1:${this.port}`;
    },
    /** What arrived for `email`: subject and plain text, oldest first. */
    mailTo(email: string) {
      return received
        .filter((r) => r.to.includes(email))
        .map((r) => {
          const { headers, text } = plainText(r.raw);
          return { subject: /^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '', text };
        });
    },
    /** The tokens of the links to `page` sent to `email`, oldest first. */
    tokensTo(email: string, page: string) {
      return this.mailTo(email).flatMap((m) => tokensIn(m.text, page));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
