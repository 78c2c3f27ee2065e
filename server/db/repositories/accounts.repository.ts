import { and, eq, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { DELETED_MEMBER_NAME } from '../../../common/constants';
import { MEDIA_URL_PREFIX } from '../../../common/media-url';
import type { Db } from '../client';
import {
  accountTokens,
  attempts,
  chatMessages,
  lessonProgress,
  media,
  recordings,
  sessions,
  users,
  type AccountTokenPurpose,
  type NewUserRow,
  type UserRow,
} from '../schema';

/**
 * What deleting an account left to do outside the database: the files to remove, and the chat
 * messages that went with its attempts, to take off live clients.
 */
export type DeletedAccount = { storageKeys: string[]; chatMessageIds: number[] };

/**
 * Queries that span a whole account (decision 18): its deletion, in one transaction, and the admin
 * count that guards it; a new password with the mailed links it voids, in one transaction.
 */
export function accountsRepository(db: Db) {
  return {
    /**
     * Sets a live account's password (with `values` that go with it) and voids its unused links of
     * `voided` purposes at `at`, in one transaction: a reset link mailed before the change cannot be
     * used after it (issue 29). Null, changing nothing, when the account is gone.
     */
    async setPassword(
      userId: string,
      values: Pick<NewUserRow, 'passwordHash' | 'mustChangePassword'> & Partial<NewUserRow>,
      voided: readonly AccountTokenPurpose[],
      at: Date,
    ): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set(values)
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning();
        if (!row) return null;
        await tx
          .update(accountTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(accountTokens.userId, userId),
              inArray(accountTokens.purpose, [...voided]),
              isNull(accountTokens.usedAt),
            ),
          );
        return row;
      });
    },
    /**
     * Deletes an account: the row stays, emptied of everything personal and unusable for signing
     * in, so that its chat and discussion messages keep an author ('Deleted member'). Its sessions,
     * links, recordings, profile picture and the chat files it uploaded but never posted go; the
     * files of its posted chat messages stay with the messages. Its attempts (issue 18) go with the
     * messages that posted them and their frames and clips (files it uploaded, posted in no message). Returns null, changing nothing, when
     * `isLastAdmin` says the account is the last admin, or when it is already gone.
     *
     * The admins' rows are locked first, so two admins deleting themselves at once cannot both see
     * the other one as the admin who remains.
     */
    async delete(
      userId: string,
      adminEmails: string[],
      at: Date,
    ): Promise<DeletedAccount | 'last-admin' | null> {
      return db.transaction(async (tx) => {
        const byList =
          adminEmails.length > 0
            ? and(inArray(users.email, adminEmails), isNotNull(users.emailConfirmedAt))
            : undefined;
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              isNull(users.deletedAt),
              byList ? or(eq(users.isAdmin, true), byList) : eq(users.isAdmin, true),
            ),
          )
          .for('update');
        if (admins.length === 1 && admins[0]!.id === userId) return 'last-admin' as const;

        const tombstone = `deleted-${userId.replace(/-/g, '')}`;
        const [row] = await tx
          .update(users)
          .set({
            username: tombstone,
            email: `${tombstone}@deleted.invalid`,
            name: DELETED_MEMBER_NAME,
            // Not a hash any password verifies against.
            passwordHash: '!deleted',
            isAdmin: false,
            profilePicture: null,
            age: null,
            height: null,
            weight: null,
            school: null,
            hometown: null,
            background: null,
            injuryHistory: null,
            goalOne: null,
            goalTwo: null,
            goalThree: null,
            paymentStatus: 'unpaid',
            privacyLevel: 'private',
            mustChangePassword: false,
            emailConfirmedAt: null,
            deletedAt: at,
          })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning({ id: users.id });
        if (!row) return null;

        const attemptMessages = await tx
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .innerJoin(attempts, eq(attempts.id, chatMessages.attemptId))
          .where(eq(attempts.userId, userId));
        await tx.delete(attempts).where(eq(attempts.userId, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
        await tx.delete(recordings).where(eq(recordings.userId, userId));
        await tx.delete(lessonProgress).where(eq(lessonProgress.userId, userId));
        const posted = tx
          .select({ one: sql`1` })
          .from(chatMessages)
          .where(eq(chatMessages.content, sql`${MEDIA_URL_PREFIX} || ${media.id}::text`));
        const gone = await tx
          .delete(media)
          .where(
            and(
              eq(media.ownerId, userId),
              or(
                inArray(media.kind, ['avatar', 'recording-audio', 'recording-screen']),
                and(eq(media.kind, 'chat'), notExists(posted)),
              ),
            ),
          )
          .returning({ storageKey: media.storageKey, thumbKey: media.thumbKey });
        return {
          storageKeys: gone.flatMap((g) => (g.thumbKey ? [g.storageKey, g.thumbKey] : [g.storageKey])),
          chatMessageIds: attemptMessages.map((m) => m.id),
        };
      });
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;

/** Whether a users row is a deleted account's tombstone. */
export const isDeletedRow = (row: Pick<UserRow, 'deletedAt'>) => row.deletedAt !== null;
