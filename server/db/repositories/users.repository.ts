import { and, asc, count, eq, inArray, isNull, like, ne, not, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isUniqueViolation } from '../errors';
import { users, type NewUserRow, type UserRow } from '../schema';

/** Member search ranks the matches inside names and handles by similarity up to this many. */
const RANKED = 200;

/** Accounts that were not deleted (decision 18: a deleted account's row stays as a tombstone). */
const live = isNull(users.deletedAt);
/** Members the community sees: not a join request waiting for a coach, nor a declined one (decision 54). */
const admitted = eq(users.membership, 'active');

/**
 * What a message shows of its author, for the chat and discussion queries: a deleted account's
 * handle is '' (it has no profile to link to); its name is already 'Deleted member'.
 */
export const authorColumns = {
  name: users.name,
  username: sql<string>`case when ${users.deletedAt} is null then ${users.username} else '' end`,
  profilePicture: users.profilePicture,
};

/**
 * Drizzle queries on users only: rows, null or booleans, never HTTP errors. Lists, counts and the
 * look-up by handle leave deleted accounts out; by id and by e-mail they are found (their e-mail is
 * a reserved `.invalid` address and their password hash verifies nothing).
 */
export function usersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },
    async findByUsername(username: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.username, username), live))
        .limit(1);
      return row ?? null;
    },
    /** Handles equal to base or base-N, to pick the next free one. */
    async usernamesLike(base: string): Promise<string[]> {
      const rows = await db
        .select({ username: users.username })
        .from(users)
        .where(or(eq(users.username, base), like(users.username, `${base}-%`)));
      return rows.map((r) => r.username);
    },
    /** Inserts a user; null when the e-mail or handle is already taken (the caller decides which). */
    async insert(values: NewUserRow): Promise<UserRow | null> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    /** Changes a live account (a deleted one is never changed again); null when there is none. */
    async update(id: string, values: Partial<NewUserRow>): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set(values)
        .where(and(eq(users.id, id), live))
        .returning();
      return row ?? null;
    },
    /** Marks the address proven, if it is still the account's address; null when it is not. */
    async confirmEmail(id: string, email: string, at: Date): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ emailConfirmedAt: at })
        .where(and(eq(users.id, id), eq(users.email, email), live))
        .returning();
      return row ?? null;
    },
    /**
     * Moves an account to a new address that a followed link proved; null when the account is
     * gone, or when another account took the address meanwhile.
     */
    async changeEmail(id: string, to: string, at: Date): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ email: to, emailConfirmedAt: at })
        .where(and(eq(users.id, id), live))
        .returning()
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) return [];
          throw err;
        });
      return row ?? null;
    },
    async setAdmin(email: string, isAdmin: boolean): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ isAdmin })
        .where(and(eq(users.email, email), live))
        .returning();
      return row ?? null;
    },
    /** Admins by the column or by the configured e-mail list. */
    async listAdmins(adminEmails: string[]): Promise<UserRow[]> {
      const byList = adminEmails.length > 0 ? inArray(users.email, adminEmails) : undefined;
      return db
        .select()
        .from(users)
        .where(and(live, byList ? or(eq(users.isAdmin, true), byList) : eq(users.isAdmin, true)))
        .orderBy(asc(users.email));
    },
    /**
     * Members whose name or handle contains `text` (lower-cased), at most `limit`, best first: names
     * that start with it, then handles that do, then names or handles with a word that does ('li':
     * 'Mary Lin', 'mary-li'), then the rest that contain it anywhere ('Alice'), the most similar first
     * (pg_trgm similarity) when few do. Each group is served by the indexes of migration 0002 and
     * asked for only while the list is not full.
     */
    async search(
      text: string,
      opts: { includePrivate: boolean; viewerId: string; limit: number },
    ): Promise<UserRow[]> {
      // The user's text is matched literally: LIKE's wildcards and escape character are escaped.
      const esc = text.replace(/[\\%_]/g, (c) => '\\' + c);
      // Byte-order expressions match the prefix indexes (and give the order); the plain ones
      // match the trigram indexes.
      const nameC = sql`(lower(${users.name}) collate "C")`;
      const handleC = sql`(${users.username} collate "C")`;
      const name = sql`lower(${users.name})`;
      const namePrefix = sql`${nameC} like ${esc + '%'}`;
      const handlePrefix = sql`${handleC} like ${esc + '%'}`;
      const wordStart = sql`(${name} like ${'% ' + esc + '%'} or ${users.username} like ${'%-' + esc + '%'})`;
      const visible = opts.includePrivate
        ? undefined
        : or(ne(users.privacyLevel, 'private'), eq(users.id, opts.viewerId));

      const found: UserRow[] = [];
      // The groups do not overlap: each leaves out what an earlier one found.
      const groups = [
        { where: namePrefix, order: [nameC, handleC] },
        { where: and(handlePrefix, not(namePrefix)), order: [handleC] },
        { where: and(wordStart, not(namePrefix), not(handlePrefix)), order: [nameC, handleC] },
      ];
      for (const group of groups) {
        found.push(
          ...(await db
            .select()
            .from(users)
            .where(and(group.where, visible, live, admitted))
            .orderBy(...group.order)
            .limit(opts.limit - found.length)),
        );
        if (found.length >= opts.limit) return found;
      }

      // Anywhere else in the name or the handle. When at most RANKED members match, they are ranked by
      // pg_trgm similarity (of the field that contains the text, the better of the two); more, and they
      // come alphabetically, walked in order through the prefix indexes so a common fragment stops after
      // one page. Two characters make no trigram (nothing to rank, nor for the trigram index to find):
      // alphabetical too.
      const left = opts.limit - found.length;
      const pattern = '%' + esc + '%';
      const anywhere = and(
        sql`(${name} like ${pattern} or ${users.username} like ${pattern})`,
        not(or(namePrefix, handlePrefix, wordStart)!),
        visible,
        live,
        admitted,
      );
      if (text.length >= 3) {
        const candidates = await db
          .select({
            row: users,
            score: sql<number>`greatest(
              case when ${name} like ${pattern} then similarity(${name}, ${text}) else 0 end,
              case when ${users.username} like ${pattern} then similarity(${users.username}, ${text}) else 0 end)`,
          })
          .from(users)
          .where(anywhere)
          .limit(RANKED + 1);
        if (candidates.length <= RANKED) {
          const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
          candidates.sort(
            (a, b) =>
              Number(b.score) - Number(a.score) ||
              byBytes(a.row.name.toLowerCase(), b.row.name.toLowerCase()) ||
              byBytes(a.row.username, b.row.username),
          );
          return [...found, ...candidates.slice(0, left).map((c) => c.row)];
        }
      }
      return [
        ...found,
        ...(await db.select().from(users).where(anywhere).orderBy(nameC, handleC).limit(left)),
      ];
    },
    async listAll(): Promise<UserRow[]> {
      return db.select().from(users).where(live).orderBy(asc(users.createdAt), asc(users.id));
    },
    /** The members: live accounts whose membership a coach did not hold back (decision 54). */
    async count(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(live, eq(users.membership, 'active')));
      return Number(row?.n ?? 0);
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
