import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from './lib/paths';
import { parseEndpointPrefixes, type EndpointPrefix } from './lib/push-endpoints';

/**
 * The one place that reads process.env (docs/architecture.md "Configuration"). Parsed and validated once;
 * a bad value stops start-up with a message that names the variable.
 */

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], {
    error: 'must be true or false',
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const ONE_ADDRESS = z.email();
// CR, LF and NUL would end a mail header; the other controls have no place in one either.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function isSmtpUrl(value: string): boolean {
  if (CONTROL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `coach@example.com`, `<coach@example.com>` or `Tribe36 <coach@example.com>` (the name may be quoted). */
export function parseMailFrom(value: string): MailAddress | undefined {
  if (CONTROL.test(value)) return undefined;
  const match = /^\s*(?:(.*?)\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  if (!match) return undefined;
  const address = match[2] ?? match[3]!;
  let name = (match[1] ?? '').trim();
  if (/^".*"$/.test(name)) name = name.slice(1, -1).replace(/\\(.)/g, '$1');
  if (/[<>"]/.test(name) || !ONE_ADDRESS.safeParse(address).success) return undefined;
  return { name, address };
}

/**
 * Which hops in front of the server are trusted proxies, in the forms Fastify's `trustProxy` takes:
 * `true` every hop, `false` none, a number of hops, or addresses and CIDR ranges (and proxy-addr's
 * names `loopback`, `linklocal`, `uniquelocal`). The client address is the nearest one not trusted.
 */
export type TrustProxy = boolean | number | string[];

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `10.0.0.0/8`, `10.0.0.0/255.0.0.0`, `fd00::/8`, `127.0.0.1`, `::1`, or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  const bits = family === 4 ? 32 : 128;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= bits;
  // An IPv4 netmask: ones, then zeros.
  if (family !== 4 || isIP(range) !== 4) return false;
  const mask = range.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const zeros = 2 ** 32 - 1 - mask;
  return (zeros & (zeros + 1)) === 0;
}

const trustProxyText = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    const lower = v.toLowerCase();
    if (['', 'false', 'no', '0'].includes(lower)) return false;
    if (lower === 'true' || lower === 'yes') return true;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (Number.isSafeInteger(hops)) return hops || false;
    } else {
      const entries = lower
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'must be the number of proxies in front of the server (1, 2…), their addresses or CIDR ranges ' +
        '(10.0.0.0/8,127.0.0.1), or true (trust every hop) or false',
    });
    return z.NEVER;
  });

/** A Postgres memory size (`16MB`) in kB. */
function sizeInKb(value: string): number {
  const n = Number.parseInt(value, 10);
  return value.endsWith('GB') ? n * 1024 * 1024 : value.endsWith('MB') ? n * 1024 : n;
}

const portNumber = z.coerce
  .number<string>({ error: 'must be a port number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must be between 0 and 65535' })
  .max(65535, { error: 'must be between 0 and 65535' });

/** A bearer token shorter than this is refused: it guards the metrics on the public port. */
export const METRICS_TOKEN_MIN_LENGTH = 16;
/** How long a SIGTERM lets running requests finish (SHUTDOWN_TIMEOUT_MS) unless set. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

const envSchema = z.object({
  PORT: portNumber.default(5000),
  HOST: z.string().trim().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' }))),
  S3_ENDPOINT: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((u) => new URL(u).origin)
      .optional(),
  ),
  TRUST_PROXY: trustProxyText.default(false),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .refine(isSmtpUrl, {
        error:
          'must be an smtp:// or smtps:// URL with a host, e.g. smtp://user:password@mail.example.com:587',
      })
      .optional(),
  ),
  // Not trimmed first: a line break anywhere is refused, never cut off.
  MAIL_FROM: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const from = parseMailFrom(v);
      if (!from) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be an e-mail address, optionally with a display name: Tribe36 <coach@example.com>',
        });
        return z.NEVER;
      }
      return from;
    }),
  PGLITE_SHARED_BUFFERS: optionalText.pipe(
    z
      .string()
      .regex(/^[1-9]\d*(kB|MB|GB)$/, { error: 'must be a size such as 16MB, 512kB or 1GB' })
      .refine((v) => sizeInKb(v) >= 128 && sizeInKb(v) <= 1024 * 1024, {
        error: 'must be between 128kB and 1GB',
      })
      .optional(),
  ),
  PGLITE_OPTIMIZING_COMPILER: booleanText.default(false),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  METRICS_PORT: optionalText.pipe(portNumber.optional()),
  METRICS_HOST: z.string().trim().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(METRICS_TOKEN_MIN_LENGTH, {
        error: `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters (a random secret)`,
      })
      .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' })
      .optional(),
  ),
  API_DOCS: booleanText.default(false),
  // How long notification mail waits to batch what comes meanwhile, for 'immediately' (decision 60).
  NOTIFY_MAIL_BATCH_MS: optionalText.pipe(
    z.coerce
      .number<string>({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(0, { error: 'must be 0 or more' })
      .max(3_600_000, { error: 'must be at most 3600000 (an hour)' })
      .optional(),
  ),
  // Push endpoints allowed beside the browsers' push services (decision 61): origin prefixes.
  PUSH_ALLOWED_ENDPOINTS: z
    .string()
    .default('')
    .transform((v, ctx): EndpointPrefix[] => {
      const parsed = parseEndpointPrefixes(v);
      if (typeof parsed !== 'string') return parsed;
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }),
  SHUTDOWN_TIMEOUT_MS: optionalText.pipe(
    z.coerce
      .number<string>({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(0, { error: 'must be 0 or more' })
      .max(3_600_000, { error: 'must be at most 3600000 (an hour)' })
      .optional(),
  ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded database's buffer cache, PGLITE_SHARED_BUFFERS (decision 21); unset: the default. */
  pgliteSharedBuffers: string | undefined;
  /** PGLITE_OPTIMIZING_COMPILER: V8's optimizing compiler for PGlite's WebAssembly (decision 21). */
  pgliteOptimizingCompiler: boolean;
  adminEmails: ReadonlySet<string>;
  s3:
    | {
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      }
    | undefined;
  publicUrl: string | undefined;
  secureCookies: boolean;
  /** TRUST_PROXY: the proxies whose `X-Forwarded-*` headers are believed (false: none). */
  trustProxy: TrustProxy;
  logLevel: string;
  /**
   * Prometheus metrics (decision 30), off unless METRICS_PORT or METRICS_TOKEN is set: on a port of
   * their own (METRICS_PORT, bound to METRICS_HOST), and/or at GET /api/metrics on the main port for
   * a bearer token (METRICS_TOKEN).
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** How long a SIGTERM lets running requests finish before their connections are cut. */
  shutdownTimeoutMs: number;
  /** API_DOCS: the OpenAPI document and its page at /api/docs (decision 35); off unless set (`npm run dev` sets it). */
  apiDocs: boolean;
  /** Outgoing mail (decision 17): through SMTP_URL when set, else as .eml files in DATA_DIR/mail. */
  mail: MailConfig;
  /**
   * Notification mail (decision 60): `batchMs` (NOTIFY_MAIL_BATCH_MS, 30 s unless set) is how long a
   * kind set to 'immediately' waits for more before its mail goes out; `pollMs` (tests) how often each
   * process looks for due batches and digests (5 s unless set, and at most half of batchMs).
   */
  notifyMail: { batchMs: number; pollMs?: number };
  /**
   * Web push (decision 61): the endpoints allowed beside the browsers' push services
   * (PUSH_ALLOWED_ENDPOINTS), and optionally how long one push may take (10 s unless set; tests).
   */
  push: { allowedEndpoints: readonly EndpointPrefix[]; timeoutMs?: number };
  clientDir: string;
  /**
   * The Think Tank pages prerendered for members (docs/decisions.md decision 33), outside clientDir: sent only
   * to a live session, never served as files.
   */
  memberPagesDir: string;
  migrationsDir: string;
  /**
   * Optional: how long an upload may send nothing before it is aborted. loadConfig leaves it unset
   * (UPLOAD_IDLE_TIMEOUT_MS of common/constants.ts applies); tests shorten it.
   */
  uploadIdleMs?: number;
  /**
   * Optional: the server's time limits (docs/decisions.md decision 12). loadConfig leaves it unset and
   * server/app.ts uses the defaults of common/constants.ts; tests shorten them.
   */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * Optional: the mail outbox's delays (server/mail/mailer.ts). loadConfig leaves it unset and the
   * defaults apply; tests shorten them.
   */
  mailTimings?: Partial<MailTimings>;
  /**
   * Optional: the clock that mailed links are issued and checked against (Date.now when unset);
   * tests move it forward to expire them.
   */
  clock?: () => number;
  /**
   * Optional: how long the leaderboard's kept answer may lag a change (`staleMs`, 2 s unless set) and
   * live at most (`keepMs`, 5 minutes unless set); decision 83. Tests shorten them.
   */
  leaderboard?: { staleMs?: number; keepMs?: number };
};

export type MailAddress = { name: string; address: string };

export type MailConfig = {
  /** smtp:// or smtps:// URL, credentials included; unset: the file driver. */
  smtpUrl: string | undefined;
  /** The sender, MAIL_FROM or `Tribe36 <no-reply@HOST>` (PUBLIC_URL's host, else localhost). */
  from: MailAddress;
};

/** The outbox worker's delays, in milliseconds. */
export type MailTimings = {
  /** Delay after the first failed attempt; doubled after each further one. */
  retryBaseMs: number;
  /** The longest delay between two attempts. */
  retryMaxMs: number;
  /** A message still not delivered this long after it was queued is marked failed. */
  giveUpMs: number;
  /** How often the worker looks for due messages (it also wakes at once after a send). */
  pollMs: number;
  /** How long a claimed message is left to its worker before another may try it. */
  leaseMs: number;
};

/** Time limits on slow and idle clients, in milliseconds (0 turns the first three off). */
export type ServerTimeouts = {
  /** From a connection's opening (or a kept-alive request's first byte) to the end of the request head. */
  headersMs: number;
  /** From a request's first byte to the end of its body: off, so long uploads are never cut. */
  requestMs: number;
  /** A socket with no bytes either way for this long is closed (not the chat stream's). */
  idleMs: number;
  /** A kept-alive connection waiting for its next request is closed after this long. */
  keepAliveMs: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const S3_VARS = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Parses an environment (process.env by default) into a Config or throws ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name}: ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const anyS3 = e.S3_ENDPOINT || S3_VARS.some((k) => e[k]);
  if (anyS3) {
    const missing = S3_VARS.filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${missing.join(', ')}: must be set when S3 storage is configured`,
      );
    }
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      `Invalid configuration:\n  METRICS_PORT: must differ from PORT (got ${JSON.stringify(env.METRICS_PORT)})`,
    );
  }
  const root = projectRoot();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    pgliteOptimizingCompiler: e.PGLITE_OPTIMIZING_COMPILER,
    adminEmails: new Set(e.ADMIN_EMAILS),
    s3: anyS3
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION!,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        }
      : undefined,
    publicUrl: e.PUBLIC_URL,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
    apiDocs: e.API_DOCS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? {
        name: 'Tribe36',
        address: `no-reply@${e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost'}`,
      },
    },
    push: { allowedEndpoints: e.PUSH_ALLOWED_ENDPOINTS },
    notifyMail: { batchMs: e.NOTIFY_MAIL_BATCH_MS ?? 30_000 },
    clientDir: path.join(root, 'dist', 'client'),
    memberPagesDir: path.join(root, 'dist', 'member-pages'),
    migrationsDir: path.join(root, 'server', 'db', 'migrations'),
  };
}
