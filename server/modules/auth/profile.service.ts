import { PROFILE_IMAGE_MAX_BYTES } from '../../../common/constants';
import type { ProfileUpdateBody } from '../../../common/contracts/auth';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { NewUserRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { IMAGE_TYPES } from '../../lib/sniff';
import type { MediaStore } from '../../storage/media-store';
import { mediaIdFromUrl, mediaUrl } from '../../../common/media-url';
import type { Actor, SessionStore } from '../../storage/session-store';
import type { Readable } from 'node:stream';

type Deps = { users: UsersRepository; sessions: SessionStore; media: MediaStore };

const TEXT_FIELDS = [
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
] as const;

/** The member's own profile: edits (PATCH /api/auth/profile) and the profile picture. */
export function profileService({ users, sessions, media }: Deps) {
  /** The avatar media id behind a member's picture URL, when it is one of ours. */
  const ownAvatarId = (user: UserRow) => (user.profilePicture ? mediaIdFromUrl(user.profilePicture) : null);

  async function replacePicture(actor: Actor, changes: Partial<NewUserRow>): Promise<UserRow> {
    const row = await users.update(actor.user.id, changes);
    if (!row) throw new AppError('not_found', 'Account not found');
    await sessions.userChanged(row.id);
    const previous = ownAvatarId(actor.user);
    if (previous && row.profilePicture !== actor.user.profilePicture) await media.remove(previous);
    return row;
  }

  return {
    async update(actor: Actor, input: ProfileUpdateBody): Promise<UserRow> {
      const changes: Partial<NewUserRow> = {};
      for (const key of TEXT_FIELDS) {
        if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
      }
      // A cleared name falls back to the public handle: a member always has a name to show.
      if (input.name !== undefined) changes.name = input.name ?? actor.user.username;
      if (input.profilePicture !== undefined && input.profilePicture !== actor.user.profilePicture) {
        if (input.profilePicture !== null) {
          // Only a picture this member uploaded (uploads set it themselves; this allows no other).
          const id = mediaIdFromUrl(input.profilePicture);
          const row = id ? await media.find(id) : null;
          if (!row || row.kind !== 'avatar' || row.ownerId !== actor.user.id) {
            throw new AppError('bad_request', 'profilePicture must be null or your own uploaded picture');
          }
        }
        changes.profilePicture = input.profilePicture;
      }
      if (Object.keys(changes).length === 0) return actor.user;
      return replacePicture(actor, changes);
    },

    /** Stores a new picture (checked by content, at most 5 MiB), sets it, and deletes the old one. */
    async uploadPicture(actor: Actor, file: Readable, truncated: () => boolean): Promise<string> {
      const row = await media.save(file, {
        ownerId: actor.user.id,
        kind: 'avatar',
        allowed: IMAGE_TYPES,
        maxBytes: PROFILE_IMAGE_MAX_BYTES,
        truncated,
        tooLargeMessage: 'Please upload an image smaller than 5MB',
        wrongTypeMessage: 'Please upload an image file (JPEG, PNG, WebP or GIF)',
      });
      const url = mediaUrl(row.id);
      try {
        await replacePicture(actor, { profilePicture: url });
      } catch (err) {
        await media.remove(row.id);
        throw err;
      }
      return url;
    },
  };
}
