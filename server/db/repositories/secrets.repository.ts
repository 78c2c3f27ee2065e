import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { serverSecrets } from '../schema';

/** Drizzle queries on server_secrets only. */
export function secretsRepository(db: Db) {
  async function find(name: string): Promise<string | null> {
    const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
    return row?.value ?? null;
  }
  return {
    /**
     * The named secret; the first caller stores `make()`. Every instance on the database reads the
     * same value: a second instance racing to create it loses the insert and reads the winner's.
     */
    async getOrCreate(name: string, make: () => string): Promise<string> {
      const existing = await find(name);
      if (existing !== null) return existing;
      await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
      const value = await find(name);
      if (value === null) throw new Error(`server secret ${name} could not be stored`);
      return value;
    },
  };
}
