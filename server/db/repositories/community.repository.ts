import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import { MEDIA_URL_PREFIX } from '../../../common/media-url';
import type { Db } from '../client';
import {
  attempts,
  chatMessages,
  communitySettings,
  discussionMessages,
  invites,
  media,
  users,
  type AdmissionMode,
  type InviteRow,
  type UserRow,
} from '../schema';

/** An invitation with the coach who made it (null once their account is gone). */
export type InviteWithCreator = InviteRow & { creator: { name: string; username: string } | null };

/** What a suspension with "remove their messages" took away, for the live clients and the blob store. */
export type RemovedContent = { chatMessageIds: number[]; storageKeys: string[] };

/**
 * Drizzle queries of decision 54: the admission setting, join requests, invitations and suspensions.
 * Rows, null or booleans; no HTTP errors.
 */
export function communityRepository(db: Db) {
  return {
    /** The admission mode: 'open' until a coach chose another (the row is made then). */
    async admission(): Promise<AdmissionMode> {
      const [row] = await db
        .select({ admission: communitySettings.admission })
        .from(communitySettings)
        .where(eq(communitySettings.id, 1));
      return row?.admission ?? 'open';
    },
    /** The admission mode and the time zone (decision 83): their defaults until a coach set them. */
    async settings(): Promise<{ admission: AdmissionMode; timeZone: string }> {
      const [row] = await db
        .select({ admission: communitySettings.admission, timeZone: communitySettings.timeZone })
        .from(communitySettings)
        .where(eq(communitySettings.id, 1));
      return row ?? { admission: 'open', timeZone: 'UTC' };
    },
    /** Sets what `change` names, keeping the rest. */
    async setSettings(
      change: { admission?: AdmissionMode; timeZone?: string },
      at: Date,
    ): Promise<{ admission: AdmissionMode; timeZone: string }> {
      const [row] = await db
        .insert(communitySettings)
        .values({ id: 1, ...change, updatedAt: at })
        .onConflictDoUpdate({ target: communitySettings.id, set: { ...change, updatedAt: at } })
        .returning({ admission: communitySettings.admission, timeZone: communitySettings.timeZone });
      return row!;
    },
    async setAdmission(admission: AdmissionMode, at: Date): Promise<AdmissionMode> {
      const [row] = await db
        .insert(communitySettings)
        .values({ id: 1, admission, updatedAt: at })
        .onConflictDoUpdate({ target: communitySettings.id, set: { admission, updatedAt: at } })
        .returning({ admission: communitySettings.admission });
      return row!.admission;
    },

    /** Pending requests oldest first, then declined ones newest first (users_pending_idx). */
    async joinRequests(limit: number): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(and(ne(users.membership, 'active'), isNull(users.deletedAt)))
        .orderBy(sql`${users.membership} = 'declined'`, asc(users.createdAt))
        .limit(limit);
    },
    /** Moves a live account from one of `from` to `to`; null when it is not in one of them. */
    async setMembership(
      id: string,
      from: Array<UserRow['membership']>,
      to: UserRow['membership'],
    ): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ membership: to })
        .where(and(eq(users.id, id), inArray(users.membership, from), isNull(users.deletedAt)))
        .returning();
      return row ?? null;
    },

    async insertInvite(values: {
      tokenHash: string;
      createdBy: string;
      createdAt: Date;
      expiresAt: Date | null;
      maxUses: number | null;
    }): Promise<InviteRow> {
      const [row] = await db.insert(invites).values(values).returning();
      return row!;
    },
    /** Every invitation, newest first, with its creator. */
    async listInvites(limit: number): Promise<InviteWithCreator[]> {
      const rows = await db
        .select({ invite: invites, name: users.name, username: users.username, deletedAt: users.deletedAt })
        .from(invites)
        .leftJoin(users, eq(users.id, invites.createdBy))
        .orderBy(desc(invites.createdAt), desc(invites.id))
        .limit(limit);
      return rows.map((r) => ({
        ...r.invite,
        creator:
          r.name !== null && r.username !== null && r.deletedAt === null
            ? { name: r.name, username: r.username }
            : null,
      }));
    },
    async findInvite(id: string): Promise<InviteRow | null> {
      const [row] = await db.select().from(invites).where(eq(invites.id, id));
      return row ?? null;
    },
    async findInviteByHash(tokenHash: string): Promise<InviteRow | null> {
      const [row] = await db.select().from(invites).where(eq(invites.tokenHash, tokenHash));
      return row ?? null;
    },
    /** Revokes an invitation (once: a revoked one keeps its first time); null when there is none. */
    async revokeInvite(id: string, at: Date): Promise<InviteRow | null> {
      const [row] = await db
        .update(invites)
        .set({ revokedAt: sql`coalesce(${invites.revokedAt}, ${at.toISOString()}::timestamptz)` })
        .where(eq(invites.id, id))
        .returning();
      return row ?? null;
    },
    /**
     * Takes one use of an invitation when it is neither revoked, expired at `now`, nor used up: one
     * conditional UPDATE, so that of two registrations on the last use (on any connections or
     * processes) exactly one gets the row back. Null when it could not be used.
     */
    async useInvite(tokenHash: string, now: Date): Promise<InviteRow | null> {
      const [row] = await db
        .update(invites)
        .set({ uses: sql`${invites.uses} + 1` })
        .where(
          and(
            eq(invites.tokenHash, tokenHash),
            isNull(invites.revokedAt),
            or(isNull(invites.expiresAt), gt(invites.expiresAt, now)),
            or(isNull(invites.maxUses), lt(invites.uses, invites.maxUses)),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Gives a use back (the registration it was taken for did not make an account). */
    async returnInviteUse(id: string): Promise<void> {
      await db
        .update(invites)
        .set({ uses: sql`greatest(${invites.uses} - 1, 0)` })
        .where(eq(invites.id, id));
    },

    /** Suspends a live account; null when there is none. */
    async suspend(id: string, s: { at: Date; until: Date | null; reason: string }): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ suspendedAt: s.at, suspendedUntil: s.until, suspensionReason: s.reason })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning();
      return row ?? null;
    },
    async unsuspend(id: string): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning();
      return row ?? null;
    },

    /**
     * Deletes everything a member posted, in one transaction: their attempts (with the chat and
     * discussion messages that showed them), their chat and discussion messages, and the chat files
     * no remaining message shows. Returns the chat message ids (for the live clients) and the storage
     * keys of the deleted files (to remove from the blob store), as account deletion does.
     */
    async removeContent(userId: string): Promise<RemovedContent> {
      return db.transaction(async (tx) => {
        const own = await tx
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(eq(chatMessages.userId, userId));
        const ofAttempts = await tx
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .innerJoin(attempts, eq(attempts.id, chatMessages.attemptId))
          .where(eq(attempts.userId, userId));
        const attemptMedia = await tx
          .delete(attempts)
          .where(eq(attempts.userId, userId))
          .returning({ image: attempts.imageMediaId, clip: attempts.clipMediaId });
        await tx.delete(chatMessages).where(eq(chatMessages.userId, userId));
        await tx.delete(discussionMessages).where(eq(discussionMessages.userId, userId));
        const posted = tx
          .select({ one: sql`1` })
          .from(chatMessages)
          .where(eq(chatMessages.content, sql`${MEDIA_URL_PREFIX} || ${media.id}::text`));
        const attemptFiles = attemptMedia.flatMap((a) => [a.image, a.clip]).filter((m) => m !== null);
        const gone = await tx
          .delete(media)
          .where(
            or(
              and(eq(media.ownerId, userId), eq(media.kind, 'chat'), notExists(posted)),
              attemptFiles.length > 0 ? inArray(media.id, attemptFiles) : sql`false`,
            ),
          )
          .returning({ storageKey: media.storageKey, thumbKey: media.thumbKey });
        const ids = new Set([...own, ...ofAttempts].map((m) => m.id));
        return {
          chatMessageIds: [...ids],
          storageKeys: gone.flatMap((g) => (g.thumbKey ? [g.storageKey, g.thumbKey] : [g.storageKey])),
        };
      });
    },
  };
}

export type CommunityRepository = ReturnType<typeof communityRepository>;
