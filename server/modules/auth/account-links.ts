import { randomBytes } from 'node:crypto';
import { LINK_EXPIRED_OR_USED } from '../../../common/constants';
import { mailedLink, type MailedLinkPath } from '../../../common/mailed-links';
import type { AccountTokensRepository } from '../../db/repositories/account-tokens.repository';
import type { AccountTokenPurpose, AccountTokenRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { httpOrigin } from '../../lib/link-origin';
import { hashToken } from '../../storage/session-store';

// 32 random bytes in base64url.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The one answer to an unknown, tampered, malformed, expired or used link. */
export const invalidLink = () => new AppError('bad_request', LINK_EXPIRED_OR_USED);

/**
 * Single-use mailed links (decision 2 and 18): a random token in the link's fragment (so it never
 * reaches a server log or a Referer header), only its SHA-256 stored, with the purpose, the address
 * it was sent to and its expiry, all checked against `now`. Every link starts with `origin()`, the
 * one origin fixed at start-up (decision 46), never an address a request named.
 */
export function accountLinks(tokens: AccountTokensRepository, now: () => number, origin: () => string) {
  return {
    now,
    /**
     * Stores a new link and returns its URL, `${origin()}${path}#token=…`; null, storing nothing,
     * when `limit` links of this purpose were already made for the user within its window. Throws,
     * storing nothing, when the origin is not http: or https:.
     */
    async issue(
      userId: string,
      purpose: AccountTokenPurpose,
      email: string,
      ttlMs: number,
      path: MailedLinkPath,
      limit?: { max: number; windowMs: number },
    ): Promise<string | null> {
      const base = httpOrigin(origin());
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const stored = await tokens.insertWithin(
        {
          tokenHash: hashToken(token),
          userId,
          purpose,
          email,
          expiresAt: new Date(at + ttlMs),
          createdAt: new Date(at),
        },
        limit ? { max: limit.max, since: new Date(at - limit.windowMs) } : null,
      );
      return stored ? mailedLink(base, path, token) : null;
    },
    /** Uses a link of one of these purposes, or throws the one invalid-link answer. */
    async consume(token: string, purposes: readonly AccountTokenPurpose[]): Promise<AccountTokenRow> {
      const row = TOKEN_SHAPE.test(token)
        ? await tokens.consume(hashToken(token), purposes, new Date(now()))
        : null;
      if (!row) throw invalidLink();
      return row;
    },
    /** Throws the invalid-link answer unless the link would still be accepted (it is not used). */
    async check(token: string, purpose: AccountTokenPurpose): Promise<void> {
      const ok =
        TOKEN_SHAPE.test(token) && (await tokens.isUsable(hashToken(token), purpose, new Date(now())));
      if (!ok) throw invalidLink();
    },
    /** Links of one purpose sent to a user within the last `windowMs`. */
    sentWithin: (userId: string, purpose: AccountTokenPurpose, windowMs: number) =>
      tokens.countSince(userId, purpose, new Date(now() - windowMs)),
    /** Forgets links that expired or were used more than a week ago. */
    prune: () => tokens.deleteStale(new Date(now() - 7 * 24 * 60 * 60 * 1000)),
    /** Voids a user's unused links of these purposes. */
    cancel: (userId: string, purposes: readonly AccountTokenPurpose[]) =>
      tokens.cancel(userId, purposes, new Date(now())),
  };
}

export type AccountLinks = ReturnType<typeof accountLinks>;
