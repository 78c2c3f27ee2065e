// `npm run admin -- grant <email>` / `revoke <email>` / `list`: who is an admin (docs/decisions.md decision 2).
import path from 'node:path';
import { emailSchema } from '../../common/contracts/auth';
import { ConfigError, loadConfig } from '../config';
import { authChannel, notify } from '../db/channels';
import { openDatabase } from '../db/client';
import { usersRepository } from '../db/repositories/users.repository';
import type { UserRow } from '../db/schema';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | list';

async function run(argv: string[]): Promise<string> {
  const [command, rawEmail] = argv;
  if (command !== 'grant' && command !== 'revoke' && command !== 'list') throw new UsageError(USAGE);
  const config = loadConfig();
  // The embedded database allows one process: the server must be stopped (its lock says so).
  const release = config.databaseUrl ? () => {} : await lockDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    migrationsDir: config.migrationsDir,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    pgliteOptimizingCompiler: config.pgliteOptimizingCompiler,
  });
  try {
    const users = usersRepository(database.db);
    if (command === 'list') {
      const rows = await users.listAdmins([...config.adminEmails]);
      if (rows.length === 0) return 'No admins.';
      return rows.map((r) => `${r.email} (@${r.username})${listedNote(r, config.adminEmails)}`).join('\n');
    }
    const parsed = emailSchema.safeParse(rawEmail ?? '');
    if (!parsed.success) throw new UsageError(`${USAGE}\n${parsed.error.issues[0]?.message ?? 'bad e-mail'}`);
    const email = parsed.data;
    if (command === 'revoke' && config.adminEmails.has(email)) {
      throw new UsageError(
        `${email} is an admin through ADMIN_EMAILS; remove it from that variable to revoke it.`,
      );
    }
    const row = await users.setAdmin(email, command === 'grant');
    if (!row) throw new UsageError(`No account with the e-mail ${email}.`);
    // Running servers (PostgreSQL) drop their cached copy of this member.
    await notify(database, authChannel, { user: row.id }).catch(() => {});
    return command === 'grant' ? `${email} is now an admin.` : `${email} is no longer an admin.`;
  } finally {
    await database.close();
    release();
  }
}

class UsageError extends Error {}

/** How an account stands with ADMIN_EMAILS: listed addresses count once confirmed (decision 2). */
function listedNote(row: UserRow, adminEmails: ReadonlySet<string>): string {
  if (!adminEmails.has(row.email)) return '';
  if (row.isAdmin || row.emailConfirmedAt) return ' [ADMIN_EMAILS]';
  return ' [ADMIN_EMAILS, address not confirmed yet: not an admin until then]';
}

run(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (err: unknown) => {
    if (err instanceof UsageError || err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
    } else {
      console.error(err);
    }
    process.exit(1);
  },
);
