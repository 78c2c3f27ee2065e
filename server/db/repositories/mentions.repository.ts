import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { users } from '../schema';

/** A member a message mentions, as a reader gets it (decision 57). */
export type MentionedRecord = { username: string; name: string };

/** A handle that names a member who may be mentioned. */
export type MentionTarget = { id: string; username: string; name: string };

/**
 * The members a message's `mentions` column names, as a column of the message's query: `[{username,
 * name}]` of those whose account still stands, or null when it names none. Most messages mention
 * nobody and skip the look-up (`cardinality` is 0).
 */
export function mentionedMembersOf(column: AnyPgColumn): SQL<MentionedRecord[] | null> {
  return sql<MentionedRecord[] | null>`case when cardinality(${column}) = 0 then null else (
    select json_agg(json_build_object('username', mu.username, 'name', mu.name) order by mu.username)
    from users mu where mu.id = any(${column}) and mu.deleted_at is null) end`;
}

/** Ids as a PostgreSQL `uuid[]` value (uuids hold nothing to quote). */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** The stored mentions as the readers' list, never null. */
export function mentionsList(value: unknown): MentionedRecord[] {
  if (typeof value === 'string') return JSON.parse(value) as MentionedRecord[];
  return Array.isArray(value) ? (value as MentionedRecord[]) : [];
}

/** Drizzle queries for mentions: which handles name members who may be mentioned. */
export function mentionsRepository(db: Db) {
  return {
    /**
     * The members among `handles` who may be mentioned: accounts that stand (not deleted), admitted
     * (not a join request waiting or declined) and not suspended now (decisions 54 and 57).
     */
    async resolve(handles: readonly string[]): Promise<MentionTarget[]> {
      if (handles.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username, name: users.name })
        .from(users)
        .where(
          and(
            inArray(users.username, [...handles]),
            isNull(users.deletedAt),
            eq(users.membership, 'active'),
            or(isNull(users.suspendedAt), sql`${users.suspendedUntil} <= now()`),
          ),
        );
    },
  };
}

export type MentionsRepository = ReturnType<typeof mentionsRepository>;
