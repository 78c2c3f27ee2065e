import { MEMBER_SEARCH_MAX_RESULTS } from '../../../common/constants';
import type { MemberProfile, MemberSearchResult } from '../../../common/contracts/members';
import type { UsersRepository } from '../../db/repositories/users.repository';
import { AppError } from '../../lib/errors';
import { authorize } from '../../policies';
import type { MemberCount } from '../../storage/member-count';
import { presentMemberProfile, presentSearchResult } from '../../presenters/member.presenter';
import type { Actor } from '../../storage/session-store';
import type { BlockStore } from '../../storage/block-store';

type Deps = {
  users: UsersRepository;
  adminEmails: ReadonlySet<string>;
  memberCount: Pick<MemberCount, 'current'>;
  /** Whom each member blocks: a member's profile is closed to those they block (decision 55). */
  blocks?: Pick<BlockStore, 'hidden'>;
  /** A member's streak (decision 83), shown with their profile where it may be seen. */
  streakOf?: (userId: string) => Promise<number>;
};

/** Member search and other members' profiles, with docs/decisions.md decision 3's privacy rules. */
export function membersService({ users, adminEmails, memberCount, blocks, streakOf }: Deps) {
  async function profile(actor: Actor, username: string): Promise<MemberProfile> {
    const row = await users.findByUsername(username.trim().toLowerCase());
    if (!row) throw new AppError('not_found', 'Member not found');
    authorize(actor, 'profile.view-pending', row);
    authorize(actor, 'profile.view', row);
    const blocksViewer = (await blocks?.hidden(row.id))?.ids.has(actor.user.id) === true;
    authorize(actor, 'profile.view-blocked', { blocksViewer });
    const viewer = { userId: actor.user.id, isAdmin: actor.isAdmin };
    return presentMemberProfile(row, viewer, adminEmails);
  }

  return {
    async search(actor: Actor, text: string): Promise<MemberSearchResult[]> {
      const rows = await users.search(text.trim().toLowerCase(), {
        includePrivate: actor.isAdmin,
        viewerId: actor.user.id,
        limit: MEMBER_SEARCH_MAX_RESULTS,
      });
      return rows.map((row) => presentSearchResult(row, adminEmails));
    },

    /** The profile as `profile` gives it, with the member's streak (the page's own answer). */
    async profileWithStreak(actor: Actor, username: string): Promise<MemberProfile> {
      const shown = await profile(actor, username);
      return streakOf ? { ...shown, streak: await streakOf(shown.id) } : shown;
    },

    profile,

    /**
     * The picture of a member's page as `profile` would give it to this viewer, or null where `profile`
     * refuses (unknown, private, blocked, pending: one answer for all) or there is none. For the page's
     * frame in the first HTML (docs/decisions.md decision 75); the same rules, since it is `profile`.
     */
    async pictureOf(actor: Actor, username: string): Promise<string | null> {
      try {
        return (await profile(actor, username)).profilePicture ?? null;
      } catch (err) {
        if (err instanceof AppError) return null;
        throw err;
      }
    },

    /** The number of members (public), from memory while NOTIFY keeps it true (member-count.ts). */
    count: () => memberCount.current(),
  };
}

export type MembersService = ReturnType<typeof membersService>;
