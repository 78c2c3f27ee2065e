import type { ProfileUpdateBody } from '../../../common/contracts/auth';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { NewUserRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor, SessionStore } from '../../plugins/session';

type Deps = { users: UsersRepository; sessions: SessionStore };

/** The member's own profile edits (SPEC §4 profile edit; the fields of PATCH /api/auth/profile). */
export function profileService({ users, sessions }: Deps) {
  return {
    async update(actor: Actor, input: ProfileUpdateBody): Promise<UserRow> {
      const changes: Partial<NewUserRow> = {};
      for (const key of [
        'age',
        'height',
        'weight',
        'school',
        'hometown',
        'background',
        'injuryHistory',
        'goalOne',
        'goalTwo',
        'goalThree',
        'privacyLevel',
      ] as const) {
        if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
      }
      // A cleared name falls back to the public handle: a member always has a name to show.
      if (input.name !== undefined) changes.name = input.name ?? actor.user.username;
      if (input.profilePicture !== undefined) {
        // Only null or the picture this member already has; uploads set a new one themselves.
        if (input.profilePicture !== null && input.profilePicture !== actor.user.profilePicture) {
          throw new AppError('bad_request', 'profilePicture must be null or your own uploaded picture');
        }
        changes.profilePicture = input.profilePicture;
      }
      if (Object.keys(changes).length === 0) return actor.user;
      const row = await users.update(actor.user.id, changes);
      if (!row) throw new AppError('not_found', 'Account not found');
      await sessions.userChanged(row.id);
      return row;
    },
  };
}
