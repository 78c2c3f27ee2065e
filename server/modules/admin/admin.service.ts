import { randomInt } from 'node:crypto';
import type { AdminMember } from '../../../common/contracts/admin';
import type { AccountsRepository } from '../../db/repositories/accounts.repository';
import type { ProgressRepository } from '../../db/repositories/progress.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import { AppError } from '../../lib/errors';
import { authorize } from '../../policies';
import { hashPassword } from '../../lib/passwords';
import { presentAdminMember } from '../../presenters/member.presenter';
import type { Actor, SessionStore } from '../../storage/session-store';

type Deps = {
  users: UsersRepository;
  sessions: SessionStore;
  adminEmails: ReadonlySet<string>;
  progress: Pick<ProgressRepository, 'doneCounts'>;
  accounts: Pick<AccountsRepository, 'setPassword'>;
  /** The clock mailed links are checked against (the time a voided one is marked used). */
  now: () => number;
};

// No 0/O, 1/l/I: read aloud or copied by hand without mistakes.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A temporary password: 16 characters, about 93 bits. */
export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < 16; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** The admin's member list and password reset (docs/decisions.md decision 1): no password is ever shown. */
export function adminService({ users, sessions, adminEmails, progress, accounts, now }: Deps) {
  const requireAdmin = (actor: Actor) => authorize(actor, 'members.manage');
  return {
    async listMembers(actor: Actor): Promise<AdminMember[]> {
      requireAdmin(actor);
      const [rows, done] = await Promise.all([users.listAll(), progress.doneCounts()]);
      return rows.map((row) => presentAdminMember(row, adminEmails, done.get(row.id) ?? 0));
    },

    /**
     * Sets a temporary password, ends the member's sessions and makes them choose a new one; voids
     * their pending reset links in the same transaction (issue 29).
     */
    async resetPassword(actor: Actor, memberId: string): Promise<string> {
      requireAdmin(actor);
      if (memberId === actor.user.id) {
        throw new AppError('bad_request', 'Use change password for your own account');
      }
      const password = temporaryPassword();
      const row = await accounts.setPassword(
        memberId,
        { passwordHash: await hashPassword(password), mustChangePassword: true },
        ['reset-password'],
        new Date(now()),
      );
      if (!row) throw new AppError('not_found', 'Member not found');
      await sessions.revokeUser(row.id);
      return password;
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
