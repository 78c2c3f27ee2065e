import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../server/db/schema';
import { projectRoot } from '../server/lib/paths';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser } from './helpers/factories';

/** The README tells operators how to look at the mail outbox: that query must run, as written. */
const readme = fs.readFileSync(path.join(projectRoot(), 'README.md'), 'utf8').replace(/\s+/g, ' ');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("the README's mail outbox query", () => {
  it('runs on a migrated database and lists a queued confirmation mail', async () => {
    const query = /`(select [^`]* from mail_outbox[^`]*)`/i.exec(readme)?.[1];
    expect(query, 'the README has a select … from mail_outbox query in backticks').toBeDefined();
    const member = await buildUser(t.app);
    const result = await t.app.ctx.database.db.execute(sql.raw(query!));
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    const mine = rows.find((r) => r.to_address === member.email);
    expect(mine, JSON.stringify(rows)).toBeDefined();
    expect(mailOutbox.status.enumValues).toContain(mine!.status);
  });

  it('names the statuses the outbox really uses', () => {
    const sentence = /mail_outbox` table keeps every message with its status \(([^)]*)\)/.exec(readme)?.[1];
    expect(sentence).toBeDefined();
    const named = [...sentence!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect(named.sort()).toEqual([...mailOutbox.status.enumValues].sort());
  });
});
