import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config';

/** Whether the hop `hop` away from the socket, at `address`, is a proxy we trust. */
export type TrustHop = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many hops from the socket outward, as
 * Express and proxy-addr always meant (Fastify 5.12 refuses numbers: a client that reaches the
 * server directly, not through the proxy, could write the address; README says to use it only when
 * the proxies alone can reach the server, and the addresses otherwise).
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | TrustHop {
  return typeof trust === 'number' ? hopCount(trust) : trust;
}

const hopCount =
  (hops: number): TrustHop =>
  (_address, hop) =>
    hop < hops;

/**
 * The trust test Fastify builds from that option (lib/request.js, getTrustProxyFn), for code that
 * reads a raw request before Fastify does (the chat poll's fast path); undefined when no proxy is
 * trusted (TRUST_PROXY unset), where the socket's address and the Host header are the answers.
 */
export function trustHop(trust: TrustProxy): TrustHop | undefined {
  if (trust === false) return undefined;
  if (trust === true) return () => true;
  return typeof trust === 'number' ? hopCount(trust) : proxyAddr.compile(trust);
}

/** Fastify's `request.ip`: the socket's address, or the first untrusted one of X-Forwarded-For. */
export function requestIp(req: IncomingMessage, trust: TrustHop | undefined): string | undefined {
  if (!trust) return req.socket.remoteAddress;
  const addresses = proxyAddr.all(req, trust);
  return addresses[addresses.length - 1];
}

/** Fastify's `request.host`: X-Forwarded-Host's last entry from a trusted proxy, else Host. */
export function requestHost(req: IncomingMessage, trust: TrustHop | undefined): string {
  const forwarded = req.headers['x-forwarded-host'];
  const socketAddress = req.socket.remoteAddress;
  if (
    trust &&
    typeof forwarded === 'string' &&
    forwarded !== '' &&
    socketAddress !== undefined &&
    trust(socketAddress, 0)
  ) {
    const last = forwarded.lastIndexOf(',');
    return last === -1 ? forwarded.trim() : forwarded.slice(last + 1).trim();
  }
  return req.headers.host ?? '';
}
