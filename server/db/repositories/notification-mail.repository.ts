import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { EmailFrequency, NotificationKind } from '../../../common/contracts/notifications';
import type { Db } from '../client';
import {
  lessonVideos,
  notificationMailBatches,
  notificationPreferences,
  notifications,
  notificationSettings,
  sessions,
  users,
  type NotificationRow,
} from '../schema';

/** One stored preference row (a kind the member changed). */
export type PreferenceRow = {
  kind: NotificationKind;
  inApp: boolean;
  email: EmailFrequency;
  push: boolean;
  unsubscribeVersion: number;
};

/** What mail needs of a member: where to, whom to greet, and whether to write at all. */
export type MailRecipient = {
  id: string;
  email: string;
  name: string;
  emailConfirmedAt: Date | null;
  isAdmin: boolean;
  deletedAt: Date | null;
  membership: 'active' | 'pending' | 'declined';
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
};

/** A notification with its actor's name, for a mail's list. */
export type MailItem = NotificationRow & { actorName: string | null };

/**
 * Drizzle queries of notification mail (decision 60): preferences and settings, the pending batches,
 * the digests, one-click unsubscribe. No rules here.
 */
export function notificationMailRepository(db: Db) {
  const recipientColumns = {
    id: users.id,
    email: users.email,
    name: users.name,
    emailConfirmedAt: users.emailConfirmedAt,
    isAdmin: users.isAdmin,
    deletedAt: users.deletedAt,
    membership: users.membership,
    suspendedAt: users.suspendedAt,
    suspendedUntil: users.suspendedUntil,
  };

  async function itemsWithActors(tx: Db, where: ReturnType<typeof and>, lock: boolean) {
    const base = tx.select().from(notifications).where(where).orderBy(asc(notifications.id)).limit(100);
    const rows = lock ? await base.for('update') : await base;
    const actorIds = [...new Set(rows.map((r) => r.actorId).filter((a): a is string => a !== null))];
    const actors =
      actorIds.length === 0
        ? []
        : await tx
            .select({ id: users.id, name: users.name, deletedAt: users.deletedAt })
            .from(users)
            .where(inArray(users.id, actorIds));
    const names = new Map(actors.map((a) => [a.id, a.deletedAt ? null : a.name]));
    return rows.map((r): MailItem => ({
      ...r,
      actorName: r.actorId ? (names.get(r.actorId) ?? null) : null,
    }));
  }

  return {
    /** The kinds a member changed (the rest are DEFAULT_PREFERENCES). */
    async preferences(userId: string, tx: Db = db): Promise<PreferenceRow[]> {
      const rows = await tx
        .select({
          kind: notificationPreferences.kind,
          inApp: notificationPreferences.inApp,
          email: notificationPreferences.email,
          push: notificationPreferences.push,
          unsubscribeVersion: notificationPreferences.unsubscribeVersion,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return rows as PreferenceRow[];
    },

    /** The changed kinds of several members, for scheduling. */
    async emailFrequencies(
      userIds: readonly string[],
    ): Promise<{ userId: string; kind: NotificationKind; email: EmailFrequency }[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({
          userId: notificationPreferences.userId,
          kind: notificationPreferences.kind,
          email: notificationPreferences.email,
        })
        .from(notificationPreferences)
        .where(inArray(notificationPreferences.userId, [...userIds]));
      return rows as { userId: string; kind: NotificationKind; email: EmailFrequency }[];
    },

    /** Writes the given kinds' channels (the unsubscribe version is kept). */
    async savePreferences(
      userId: string,
      rows: { kind: NotificationKind; inApp: boolean; email: EmailFrequency; push: boolean }[],
      at: Date,
    ): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(notificationPreferences)
        .values(rows.map((r) => ({ userId, ...r, updatedAt: at })))
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: {
            inApp: sql`excluded.in_app`,
            email: sql`excluded.email`,
            push: sql`excluded.push`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },

    async settings(userId: string) {
      const [row] = await db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId))
        .limit(1);
      return row ?? null;
    },

    /** Turns the digest on (next one at `dueAt`, unless one is already due earlier) or off. */
    async setWeeklyDigest(userId: string, on: boolean, dueAt: Date, at: Date): Promise<void> {
      await db
        .insert(notificationSettings)
        .values({ userId, weeklyDigest: on, digestDueAt: on ? dueAt : null, lastSeenAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: {
            weeklyDigest: on,
            digestDueAt: on
              ? sql`coalesce(${notificationSettings.digestDueAt}, ${dueAt.toISOString()}::timestamptz)`
              : null,
            lastSeenAt: at,
            updatedAt: at,
          },
        });
    },

    /** Schedules a member's batch; one already pending keeps its earlier due time. */
    async scheduleBatch(userId: string, dueAt: Date): Promise<void> {
      await db
        .insert(notificationMailBatches)
        .values({ userId, dueAt })
        .onConflictDoUpdate({
          target: notificationMailBatches.userId,
          set: { dueAt: sql`least(${notificationMailBatches.dueAt}, excluded.due_at)` },
        });
    },

    /** Members whose batch is due (not claimed: claimBatch decides who sends). */
    async dueBatches(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ userId: notificationMailBatches.userId })
        .from(notificationMailBatches)
        .where(lte(notificationMailBatches.dueAt, now))
        .orderBy(asc(notificationMailBatches.dueAt))
        .limit(limit);
      return rows.map((r) => r.userId);
    },

    /** When the next batch is due (any member), or null. */
    async nextBatchDue(): Promise<Date | null> {
      const [row] = await db
        .select({ dueAt: notificationMailBatches.dueAt })
        .from(notificationMailBatches)
        .orderBy(asc(notificationMailBatches.dueAt))
        .limit(1);
      return row?.dueAt ?? null;
    },

    /**
     * Claims a member's due batch by deleting it (SKIP LOCKED: a batch another process is claiming
     * is passed over), in the caller's transaction: true when this one got it.
     */
    async claimBatch(tx: Db, userId: string, now: Date): Promise<boolean> {
      const due = tx
        .select({ userId: notificationMailBatches.userId })
        .from(notificationMailBatches)
        .where(and(eq(notificationMailBatches.userId, userId), lte(notificationMailBatches.dueAt, now)))
        .for('update', { skipLocked: true });
      const rows = await tx
        .delete(notificationMailBatches)
        .where(inArray(notificationMailBatches.userId, due))
        .returning({ userId: notificationMailBatches.userId });
      return rows.length > 0;
    },

    /** A member's notifications not yet taken by a mail since `since`, locked in the caller's transaction. */
    pending(tx: Db, userId: string, since: Date): Promise<MailItem[]> {
      return itemsWithActors(
        tx,
        and(
          eq(notifications.userId, userId),
          isNull(notifications.emailedAt),
          gte(notifications.createdAt, since),
        ),
        true,
      );
    },

    /** Unread notifications (shown in the app) since `since`, for the digest. */
    unreadSince(userId: string, since: Date): Promise<MailItem[]> {
      return itemsWithActors(
        db,
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          eq(notifications.inApp, true),
          gte(notifications.createdAt, since),
        ),
        false,
      );
    },

    async markEmailed(tx: Db, ids: readonly number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(notifications)
        .set({ emailedAt: at })
        .where(and(inArray(notifications.id, [...ids]), isNull(notifications.emailedAt)));
    },

    async recipient(userId: string): Promise<MailRecipient | null> {
      const [row] = await db.select(recipientColumns).from(users).where(eq(users.id, userId)).limit(1);
      return (row as MailRecipient | undefined) ?? null;
    },

    /** A kind's unsubscribe version for a member (0 without a row). */
    async unsubscribeVersion(userId: string, kind: NotificationKind): Promise<number | null> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) return null;
      const [row] = await db
        .select({ v: notificationPreferences.unsubscribeVersion })
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
        .limit(1);
      return row?.v ?? 0;
    },

    /**
     * One-click unsubscribe: the kind's e-mail to 'never' and its version raised, only if the version is
     * still `version` (one statement, so two POSTs of one token change it once). True when changed.
     */
    async unsubscribe(
      userId: string,
      kind: NotificationKind,
      version: number,
      defaults: { inApp: boolean; push: boolean },
      at: Date,
    ): Promise<boolean> {
      if (version === 0) {
        const inserted = await db
          .insert(notificationPreferences)
          .values({ userId, kind, ...defaults, email: 'never', unsubscribeVersion: 1, updatedAt: at })
          .onConflictDoNothing()
          .returning({ kind: notificationPreferences.kind });
        if (inserted.length > 0) return true;
      }
      const updated = await db
        .update(notificationPreferences)
        .set({ email: 'never', unsubscribeVersion: version + 1, updatedAt: at })
        .where(
          and(
            eq(notificationPreferences.userId, userId),
            eq(notificationPreferences.kind, kind),
            eq(notificationPreferences.unsubscribeVersion, version),
          ),
        )
        .returning({ kind: notificationPreferences.kind });
      return updated.length > 0;
    },

    /** The digest turned off by its unsubscribe link, if the settings are still as the link was made (`version`, seconds). */
    async digestOff(userId: string, version: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(notificationSettings)
        .set({ weeklyDigest: false, digestDueAt: null, updatedAt: at })
        .where(
          and(
            eq(notificationSettings.userId, userId),
            eq(notificationSettings.weeklyDigest, true),
            sql`floor(extract(epoch from ${notificationSettings.updatedAt})) = ${version}`,
          ),
        )
        .returning({ userId: notificationSettings.userId });
      return rows.length > 0;
    },

    /**
     * Claims the digests due now: locks them (SKIP LOCKED passes over those another process is
     * claiming) and moves each one's due time to `next`, in one transaction, so one process sends each
     * digest once. Returns the members, with the due time each had (the end of its week).
     */
    async claimDigests(
      now: Date,
      next: Date,
      limit: number,
    ): Promise<{ userId: string; lastSeenAt: Date | null; dueAt: Date }[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({
            userId: notificationSettings.userId,
            lastSeenAt: notificationSettings.lastSeenAt,
            dueAt: notificationSettings.digestDueAt,
          })
          .from(notificationSettings)
          .where(and(eq(notificationSettings.weeklyDigest, true), lte(notificationSettings.digestDueAt, now)))
          .orderBy(asc(notificationSettings.digestDueAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        await tx
          .update(notificationSettings)
          .set({ digestDueAt: next })
          .where(
            inArray(
              notificationSettings.userId,
              due.map((d) => d.userId),
            ),
          );
        return due.map((d) => ({ userId: d.userId, lastSeenAt: d.lastSeenAt, dueAt: d.dueAt ?? now }));
      });
    },

    /**
     * Carries the members' newest sessions.last_seen_at into notification_settings.last_seen_at (which
     * outlives the sessions), for the digest's "not inactive for a year".
     */
    async carryLastSeen(): Promise<void> {
      await db.execute(sql`
        update ${notificationSettings} s
           set last_seen_at = greatest(coalesce(s.last_seen_at, seen.at), seen.at)
          from (select ${sessions.userId} as user_id, max(${sessions.lastSeenAt}) as at
                  from ${sessions} group by ${sessions.userId}) seen
         where seen.user_id = s.user_id
           and (s.last_seen_at is null or s.last_seen_at < seen.at)`);
    },

    /** The lesson videos put up since `since`, newest first. */
    videosSince(since: Date) {
      return db
        .select({
          thinkTank: lessonVideos.thinkTank,
          topic: lessonVideos.topicSlug,
          lesson: lessonVideos.lessonSlug,
          at: lessonVideos.updatedAt,
        })
        .from(lessonVideos)
        .where(gte(lessonVideos.updatedAt, since))
        .orderBy(sql`${lessonVideos.updatedAt} desc`)
        .limit(50);
    },
  };
}

export type NotificationMailRepository = ReturnType<typeof notificationMailRepository>;
