import { and, asc, count, desc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users, type NewUserRow, type UserRow } from '../schema';

/** Drizzle queries on users only: rows, null or booleans, never HTTP errors. */
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
      const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
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
    async update(id: string, values: Partial<NewUserRow>): Promise<UserRow | null> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row ?? null;
    },
    async setAdmin(email: string, isAdmin: boolean): Promise<UserRow | null> {
      const [row] = await db.update(users).set({ isAdmin }).where(eq(users.email, email)).returning();
      return row ?? null;
    },
    /** Admins by the column or by the configured e-mail list. */
    async listAdmins(adminEmails: string[]): Promise<UserRow[]> {
      const byList = adminEmails.length > 0 ? inArray(users.email, adminEmails) : undefined;
      return db
        .select()
        .from(users)
        .where(byList ? or(eq(users.isAdmin, true), byList) : eq(users.isAdmin, true))
        .orderBy(asc(users.email));
    },
    /**
     * Members whose name or handle matches `text` (already trimmed and lower-cased), best first:
     * prefix matches, then word starts, then the rest. Two characters match the start of the name,
     * of a word in it or of the handle (served by the prefix indexes; trigrams need three); three
     * or more match anywhere (served by the trigram indexes).
     */
    async search(
      text: string,
      opts: { includePrivate: boolean; viewerId: string; limit: number },
    ): Promise<UserRow[]> {
      const esc = text.replace(/[\\%_]/g, (c) => '\\' + c);
      const name = sql`lower(${users.name})`;
      const prefix = or(like(name, `${esc}%`), like(users.username, `${esc}%`))!;
      const wordStart = or(like(name, `% ${esc}%`), like(users.username, `%-${esc}%`))!;
      const match =
        text.length < 3
          ? or(prefix, wordStart)
          : or(like(name, `%${esc}%`), like(users.username, `%${esc}%`));
      const visible = opts.includePrivate
        ? undefined
        : or(ne(users.privacyLevel, 'private'), eq(users.id, opts.viewerId));
      return db
        .select()
        .from(users)
        .where(and(match, visible))
        .orderBy(
          sql`case when ${prefix} then 0 when ${wordStart} then 1 else 2 end`,
          desc(sql`similarity(${name}, ${text})`),
          asc(users.name),
          asc(users.username),
        )
        .limit(opts.limit);
    },
    async listAll(): Promise<UserRow[]> {
      return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return Number(row?.n ?? 0);
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
