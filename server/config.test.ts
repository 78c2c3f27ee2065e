import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.s3).toBeUndefined();
    expect(c.secureCookies).toBe(false);
    expect(c.trustProxy).toBe(false);
    expect([...c.adminEmails]).toEqual([]);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/t36',
      DATABASE_URL: 'postgres://u:p@db:5432/tribe36',
      ADMIN_EMAILS: ' Coach@X.com, second@y.org ,',
      PUBLIC_URL: 'https://tribe36.example.com/',
      TRUST_PROXY: 'true',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'b',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/t36',
      databaseUrl: 'postgres://u:p@db:5432/tribe36',
      publicUrl: 'https://tribe36.example.com',
      secureCookies: true,
      trustProxy: true,
      s3: { endpoint: 'http://127.0.0.1:9000', bucket: 'b', region: 'us-east-1' },
    });
    expect([...c.adminEmails]).toEqual(['coach@x.com', 'second@y.org']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_EMAILS', 'coach, x@y.z'],
    ['PUBLIC_URL', 'not a url'],
    ['TRUST_PROXY', 'sometimes'],
    ['TRUST_PROXY', '1.5'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.0/255.0.255.0'],
    ['TRUST_PROXY', '300.1.1.1'],
    ['TRUST_PROXY', 'proxy.example.com'],
    ['TRUST_PROXY', '10.0.0.1/8/8'],
    ['TRUST_PROXY', ','],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://x'],
    ['SMTP_URL', 'smtp://'],
    ['SMTP_URL', 'mail.example.com:587'],
    ['MAIL_FROM', 'not an address'],
    ['MAIL_FROM', 'Tribe36 <coach@example.com>\nBcc: victim@example.com'],
    ['MAIL_FROM', 'Tri\rbe <coach@example.com>'],
    ['MAIL_FROM', 'a@b.c, d@e.f'],
  ])('stops on a bad %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it('reads TRUST_PROXY in the forms Fastify takes: a hop count, addresses and ranges, or every hop', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
    expect(trust('0')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('TRUE')).toBe(true);
    expect(trust('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(trust('Loopback,uniquelocal,linklocal')).toEqual(['loopback', 'uniquelocal', 'linklocal']);
    expect(trust('::1,fd00::/8,10.0.0.0/255.0.0.0')).toEqual(['::1', 'fd00::/8', '10.0.0.0/255.0.0.0']);
    expect(() => trust('sometimes')).toThrow(
      /TRUST_PROXY: must be the number of proxies in front of the server \(1, 2…\), their addresses or CIDR ranges/,
    );
  });

  it('reads the mail variables, with the sender named after PUBLIC_URL by default', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: { name: 'Tribe36', address: 'no-reply@localhost' },
    });
    expect(loadConfig({ PUBLIC_URL: 'https://tribe36.example.com:8443' }).mail.from).toEqual({
      name: 'Tribe36',
      address: 'no-reply@tribe36.example.com',
    });
    const c = loadConfig({
      SMTP_URL: 'smtps://user%40x:p%3Ass@mail.example.com:465',
      MAIL_FROM: 'Coach Léa <coach@example.com>',
    });
    expect(c.mail).toEqual({
      smtpUrl: 'smtps://user%40x:p%3Ass@mail.example.com:465',
      from: { name: 'Coach Léa', address: 'coach@example.com' },
    });
    expect(loadConfig({ MAIL_FROM: 'coach@example.com' }).mail.from).toEqual({
      name: '',
      address: 'coach@example.com',
    });
    expect(loadConfig({ MAIL_FROM: '"Tribe36, the coach" <coach@example.com>' }).mail.from).toEqual({
      name: 'Tribe36, the coach',
      address: 'coach@example.com',
    });
  });

  it('names the variable and the problem of a bad mail setting', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'x\n<a@b.co>' })).toThrow(/MAIL_FROM: must be an e-mail address/);
  });

  it('reads PUSH_ALLOWED_ENDPOINTS as origin prefixes, naming a bad one (decision 61)', () => {
    expect(loadConfig({}).push.allowedEndpoints).toEqual([]);
    expect(
      loadConfig({ PUSH_ALLOWED_ENDPOINTS: 'http://127.0.0.1:9000, https://push.example.com/wpush/' }).push
        .allowedEndpoints,
    ).toEqual([
      { origin: 'http://127.0.0.1:9000', path: '/' },
      { origin: 'https://push.example.com', path: '/wpush/' },
    ]);
    expect(() => loadConfig({ PUSH_ALLOWED_ENDPOINTS: '127.0.0.1:9000' })).toThrow(
      /PUSH_ALLOWED_ENDPOINTS: "127.0.0.1:9000" is not a URL/,
    );
    expect(() => loadConfig({ PUSH_ALLOWED_ENDPOINTS: 'ftp://push.example' })).toThrow(
      /PUSH_ALLOWED_ENDPOINTS: "ftp:\/\/push.example" must be an http:\/\/ or https:\/\/ origin/,
    );
  });

  it('wants the whole S3 set or none of it', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
  });

  it('reads the embedded database settings, the buffer cache size within bounds', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBeUndefined();
    expect(loadConfig({}).pgliteOptimizingCompiler).toBe(false);
    expect(loadConfig({ PGLITE_OPTIMIZING_COMPILER: 'true' }).pgliteOptimizingCompiler).toBe(true);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '128kB' }).pgliteSharedBuffers).toBe('128kB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }).pgliteSharedBuffers).toBe('1GB');
    for (const bad of ['16', '16 MB', '16mb', '0MB', '64kB', '2GB', '-1MB']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(/PGLITE_SHARED_BUFFERS: must be/);
    }
  });

  it('reads the metrics and shutdown settings: metrics off, 10 s to drain, by default', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1', token: undefined });
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    const c = loadConfig({
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
      METRICS_TOKEN: 'a-long-random-secret-123',
      SHUTDOWN_TIMEOUT_MS: '25000',
    });
    expect(c.metrics).toEqual({ port: 9464, host: '0.0.0.0', token: 'a-long-random-secret-123' });
    expect(c.shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: ' ' }).metrics.token).toBeUndefined();
  });

  it.each([
    ['METRICS_PORT', 'abc', /METRICS_PORT: must be a port number/],
    ['METRICS_PORT', '70000', /METRICS_PORT: must be between 0 and 65535/],
    ['METRICS_PORT', '5000', /METRICS_PORT: must differ from PORT/],
    ['METRICS_TOKEN', 'short', /METRICS_TOKEN: must be at least 16 characters/],
    ['METRICS_TOKEN', 'sixteen chars with spaces', /METRICS_TOKEN: must be printable ASCII without spaces/],
    ['SHUTDOWN_TIMEOUT_MS', 'soon', /SHUTDOWN_TIMEOUT_MS: must be a number of milliseconds/],
    ['SHUTDOWN_TIMEOUT_MS', '-1', /SHUTDOWN_TIMEOUT_MS: must be 0 or more/],
    ['SHUTDOWN_TIMEOUT_MS', '1.5', /SHUTDOWN_TIMEOUT_MS: must be a whole number/],
  ])('stops on a bad %s (%s), saying why', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
