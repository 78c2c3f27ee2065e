import { isIP } from 'node:net';
import type { Config } from '../config';

/**
 * Where mailed links point (decision 46): one origin fixed at start-up, PUBLIC_URL when it is set, else
 * the address the server listens on. Never the request's Host or X-Forwarded-* headers, which a
 * client writes: a forged one would mail a member a reset link to a page of the sender's.
 */

export class LinkOriginError extends Error {
  override name = 'LinkOriginError';
}

/** `value` as an origin (`https://example.com`, `http://127.0.0.1:5000`); throws unless it is http: or https:. */
export function httpOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new LinkOriginError(`Not a URL: ${JSON.stringify(value)}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new LinkOriginError(
      `Links are built on http: or https: origins only, not ${JSON.stringify(value)}`,
    );
  }
  return url.origin;
}

/** Whether HOST names this machine only: localhost, 127.0.0.0/8 or ::1 (0.0.0.0 and :: are every address). */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) !== 6) return false;
  // Compressed by the URL parser: ::1, or an IPv4-mapped 127.x.y.z (::ffff:7fxx:xxxx).
  const v6 = new URL(`http://[${h}]`).hostname;
  return v6 === '[::1]' || v6.startsWith('[::ffff:7f');
}

/**
 * The origin of the address the server listens on: HOST and the port, with the wildcard addresses
 * (0.0.0.0, ::) as this machine's loopback, and IPv6 in brackets. A HOST that is a name other than
 * localhost is given as the address it resolved to (`address`, once listening), when known.
 */
export function listeningOrigin(host: string, port: number, address?: string): string {
  const bare = host.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  let name: string;
  if (bare === '0.0.0.0') name = '127.0.0.1';
  else if (bare === '::' || bare === '::0') name = 'localhost';
  else if (isIP(bare) === 6) name = `[${bare}]`;
  else if (isIP(bare) === 4 || bare.toLowerCase() === 'localhost' || !address) name = bare;
  else name = isIP(address) === 6 ? `[${address.replace(/%.*$/, '')}]` : address;
  return httpOrigin(`http://${name}:${port}`);
}

/** The origin mailed links are built on, settled when the server listens. */
export type LinkOrigin = {
  /** The origin now: PUBLIC_URL, or the listening address (from the configuration until it listens). */
  readonly current: string;
  /** Settles it on the port (and resolved address) the server listens on; returns it. */
  listening(port: number, address?: string): string;
};

/** The link origin of a server configured as `config` (its PORT and HOST until it listens). */
export function createLinkOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): LinkOrigin {
  let current = config.publicUrl ? httpOrigin(config.publicUrl) : listeningOrigin(config.host, config.port);
  return {
    get current() {
      return current;
    },
    listening(port, address) {
      if (!config.publicUrl) current = listeningOrigin(config.host, port, address);
      return current;
    },
  };
}

/**
 * What start-up says about mailed links: one info line with where they point, and a warning when
 * PUBLIC_URL is unset and members are likely to reach the server at another address (HOST is not
 * a loopback address, or a proxy is trusted in front of it).
 */
export function linkOriginNotes(
  config: Pick<Config, 'publicUrl' | 'host' | 'trustProxy'>,
  origin: string,
): { info: string; warning: string | null } {
  if (config.publicUrl) {
    return { info: `Mailed links point at ${origin} (PUBLIC_URL)`, warning: null };
  }
  const info = `Mailed links point at ${origin} (the listening address: PUBLIC_URL is unset)`;
  const reason = !isLoopbackHost(config.host)
    ? `HOST is ${config.host}, which other machines can reach`
    : config.trustProxy !== false
      ? 'TRUST_PROXY is set, so members come through a proxy'
      : null;
  const warning =
    reason &&
    `${reason}, but PUBLIC_URL is unset: mailed links (password reset, e-mail confirmation) point at ` +
      `${origin}, the listening address. Set PUBLIC_URL to the address members use, ` +
      `e.g. PUBLIC_URL=https://tribe36.example.com`;
  return { info, warning };
}
