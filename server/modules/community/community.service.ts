import { randomBytes } from 'node:crypto';
import type { NotificationProducers } from '../../notifications/producers';
import {
  INVITE_EXPIRED,
  INVITE_INVALID,
  INVITE_REQUIRED,
  INVITE_REVOKED,
  INVITE_USED_UP,
  JOIN_PATH,
  INVITE_PARAM,
  type CommunitySettings,
  type CommunitySettingsBody,
  type MemberCommunitySettings,
  TIME_ZONE_INVALID,
  type CreateInviteBody,
  type CreateInviteResponse,
  type Invite,
  type JoinRequest,
  type Suspension,
  type SuspendBody,
} from '../../../common/contracts/community';
import { canonicalTimeZone } from '../../../common/community-time';
import type { AuditLog } from '../../audit/audit-log';
import type { CommunityRepository, InviteWithCreator } from '../../db/repositories/community.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { AdmissionMode, InviteRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { httpOrigin } from '../../lib/link-origin';
import { authorize } from '../../policies';
import { isAdminRow } from '../../presenters/user.presenter';
import type { BlobStore } from '../../storage/blob';
import type { MemberCount } from '../../storage/member-count';
import { hashToken, type Actor, type SessionStore } from '../../storage/session-store';
import type { MailSender } from '../../mail/compose';
import { joinApprovedMail, joinDeclinedMail } from './community-mail';

type Deps = {
  repo: CommunityRepository;
  users: Pick<UsersRepository, 'findById'>;
  sessions: Pick<SessionStore, 'revokeUser' | 'userChanged'>;
  memberCount: Pick<MemberCount, 'changed'>;
  mail: MailSender;
  /** Told of the chat messages a suspension removed, to take them off live clients. */
  chat: { removed(ids: readonly number[]): Promise<void> };
  blobs: Pick<BlobStore, 'delete'>;
  /** The moderation audit (decision 53): every approval, decline, invitation and suspension. */
  audit: Pick<AuditLog, 'record'>;
  adminEmails: ReadonlySet<string>;
  /** The origin links start with (decision 46). */
  origin: () => string;
  now: () => number;
  log: { warn(obj: object, msg: string): void };
  /** Tells a member their join request was approved (decision 56). */
  produce?: Pick<NotificationProducers, 'membershipApproved'>;
};

/** What registration is told: the new account's standing, and the invitation use it took (to give back). */
export type Admitted = { membership: 'active' | 'pending'; inviteId: string | null };

const LIST_MAX = 500;

/** An invitation's state at `now`: revoked, used up and expired in that order of precedence. */
export function inviteState(row: InviteRow, now: number): Invite['state'] {
  if (row.revokedAt) return 'revoked';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used-up';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

const presentInvite = (row: InviteWithCreator, now: number): Invite => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  maxUses: row.maxUses,
  uses: row.uses,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  state: inviteState(row, now),
  createdBy: row.creator,
});

const presentJoinRequest = (row: UserRow): JoinRequest => ({
  id: row.id,
  username: row.username,
  name: row.name,
  email: row.email,
  emailConfirmed: row.emailConfirmedAt !== null,
  status: row.membership === 'declined' ? 'declined' : 'pending',
  createdAt: row.createdAt.toISOString(),
});

export const presentSuspension = (row: UserRow): Suspension | null =>
  row.suspendedAt
    ? {
        reason: row.suspensionReason ?? '',
        since: row.suspendedAt.toISOString(),
        until: row.suspendedUntil?.toISOString() ?? null,
      }
    : null;

// 32 random bytes in base64url, as the mailed links.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Who gets in and who is kept out (decision 54): the admission mode, join requests, invitations and
 * suspensions. Every action a coach takes here is recorded in the moderation audit.
 */
export function communityService(deps: Deps) {
  const { repo, users, sessions, memberCount, mail, audit, adminEmails, now } = deps;
  const targetOf = (row: UserRow) => ({ id: row.id, username: row.username });

  /** A live account, or 404. */
  async function member(id: string): Promise<UserRow> {
    const row = await users.findById(id);
    if (!row || row.deletedAt) throw new AppError('not_found', 'Member not found');
    return row;
  }

  /** The refusal of an invitation that could not be used, naming why. */
  async function inviteRefusal(tokenHash: string | null): Promise<AppError> {
    const row = tokenHash ? await repo.findInviteByHash(tokenHash) : null;
    if (!row) return new AppError('forbidden', INVITE_INVALID);
    const state = inviteState(row, now());
    const message =
      state === 'revoked' ? INVITE_REVOKED : state === 'used-up' ? INVITE_USED_UP : INVITE_EXPIRED;
    return new AppError('forbidden', message);
  }

  return {
    async settings(actor: Actor): Promise<CommunitySettings> {
      authorize(actor, 'community.manage');
      return repo.settings();
    },

    /** Who can join and the time zone (decision 83), each changed only when named; audited. */
    async updateSettings(actor: Actor, body: CommunitySettingsBody): Promise<CommunitySettings> {
      authorize(actor, 'community.manage');
      const before = await repo.settings();
      const timeZone = body.timeZone === undefined ? undefined : canonicalTimeZone(body.timeZone);
      if (timeZone === null) throw new AppError('bad_request', TIME_ZONE_INVALID);
      const after = await repo.setSettings({ admission: body.admission, timeZone }, new Date(now()));
      const details: Record<string, { from: string; to: string }> = {};
      if (before.admission !== after.admission)
        details.admission = { from: before.admission, to: after.admission };
      if (before.timeZone !== after.timeZone)
        details.timeZone = { from: before.timeZone, to: after.timeZone };
      if (Object.keys(details).length > 0)
        await audit.record(actor, { action: 'community.updated', details });
      return after;
    },

    /** The community's time zone, for its members' pages (decision 83). */
    async timeZone(): Promise<MemberCommunitySettings> {
      return { timeZone: (await repo.settings()).timeZone };
    },

    /** The admission mode for a registration: read from the database each time, so it holds at once everywhere. */
    mode: (): Promise<AdmissionMode> => repo.admission(),

    /**
     * Decides a registration's standing under `mode` (registration calls it once the address is
     * known to be free): open admission makes a member; a valid
     * invitation (its use taken here, race-safe) makes a member in any closed mode; approval
     * without one makes a pending member; invitation mode without one is refused (403). An
     * ADMIN_EMAILS address gets no shortcut: it is an administrator, and so always a member, once
     * the address is proven (decision 2), never on a stranger's say-so.
     */
    async admit(mode: AdmissionMode, invite: string | undefined): Promise<Admitted> {
      if (mode === 'open') return { membership: 'active', inviteId: null };
      if (invite === undefined || invite === '') {
        if (mode === 'invite') throw new AppError('forbidden', INVITE_REQUIRED);
        return { membership: 'pending', inviteId: null };
      }
      const tokenHash = TOKEN_SHAPE.test(invite) ? hashToken(invite) : null;
      const used = tokenHash ? await repo.useInvite(tokenHash, new Date(now())) : null;
      if (!used) throw await inviteRefusal(tokenHash);
      return { membership: 'active', inviteId: used.id };
    },

    /** Gives back an invitation's use when the registration it was taken for made no account. */
    async giveBack(admitted: Admitted): Promise<void> {
      if (admitted.inviteId) await repo.returnInviteUse(admitted.inviteId);
    },

    /** Checks a registration's invitation before anything is stored: 403 when it is required and missing. */
    requireInvite(mode: AdmissionMode, invite: string | undefined): void {
      if (mode === 'invite' && !invite) {
        throw new AppError('forbidden', INVITE_REQUIRED);
      }
    },

    async joinRequests(actor: Actor): Promise<JoinRequest[]> {
      authorize(actor, 'community.manage');
      return (await repo.joinRequests(LIST_MAX)).map(presentJoinRequest);
    },

    /** Makes a pending (or declined) member a member: their next call goes through; mailed. */
    async approve(actor: Actor, id: string): Promise<JoinRequest> {
      authorize(actor, 'community.manage');
      const before = await member(id);
      if (before.membership === 'active') throw new AppError('conflict', 'This member is already in');
      const row = await repo.setMembership(id, ['pending', 'declined'], 'active');
      if (!row) throw new AppError('conflict', 'This member is already in');
      await sessions.userChanged(id);
      await memberCount.changed();
      await audit.record(actor, { action: 'join-request.approved', target: targetOf(row) });
      const origin = httpOrigin(deps.origin());
      await mail.send(joinApprovedMail(row, origin)).catch(() => {});
      await deps.produce?.membershipApproved(actor, id);
      return { ...presentJoinRequest(before), status: 'pending' };
    },

    /**
     * Declines a pending request: the account stays, declined (the address cannot ask again at
     * once; the member may still sign in to delete it); mailed.
     */
    async decline(actor: Actor, id: string): Promise<JoinRequest> {
      authorize(actor, 'community.manage');
      const before = await member(id);
      if (before.membership !== 'pending') {
        throw new AppError(
          'conflict',
          before.membership === 'declined'
            ? 'This request was already declined'
            : 'This member is already in',
        );
      }
      const row = await repo.setMembership(id, ['pending'], 'declined');
      if (!row) throw new AppError('conflict', 'This request is no longer pending');
      await sessions.userChanged(id);
      await audit.record(actor, { action: 'join-request.declined', target: targetOf(row) });
      await mail.send(joinDeclinedMail(row)).catch(() => {});
      return presentJoinRequest(row);
    },

    /** A new invitation: its link is answered once (only the token's hash is kept). */
    async createInvite(actor: Actor, body: CreateInviteBody): Promise<CreateInviteResponse> {
      authorize(actor, 'community.manage');
      const origin = httpOrigin(deps.origin());
      const token = randomBytes(32).toString('base64url');
      const row = await repo.insertInvite({
        tokenHash: hashToken(token),
        createdBy: actor.user.id,
        createdAt: new Date(now()),
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        maxUses: body.maxUses ?? null,
      });
      await audit.record(actor, {
        action: 'invite.created',
        subject: { kind: 'invite', ref: row.id },
        details: { maxUses: row.maxUses, expiresAt: row.expiresAt?.toISOString() ?? null },
      });
      const creator = { name: actor.user.name, username: actor.user.username };
      return {
        invite: presentInvite({ ...row, creator }, now()),
        link: `${origin}${JOIN_PATH}#${INVITE_PARAM}=${token}`,
      };
    },

    async listInvites(actor: Actor): Promise<Invite[]> {
      authorize(actor, 'community.manage');
      const at = now();
      return (await repo.listInvites(LIST_MAX)).map((row) => presentInvite(row, at));
    },

    async revokeInvite(actor: Actor, id: string): Promise<Invite> {
      authorize(actor, 'community.manage');
      const before = await repo.findInvite(id);
      if (!before) throw new AppError('not_found', 'Invitation not found');
      const row = await repo.revokeInvite(id, new Date(now()));
      if (!row) throw new AppError('not_found', 'Invitation not found');
      if (!before.revokedAt) {
        await audit.record(actor, { action: 'invite.revoked', subject: { kind: 'invite', ref: id } });
      }
      return presentInvite({ ...row, creator: null }, now());
    },

    /**
     * Suspends a member: every session ends at once on every process (their streams close), sign-in
     * is refused until `until` (or an unsuspension); with `removeMessages`, everything they posted is
     * deleted (chat and discussion messages, attempts, and their files).
     */
    async suspend(actor: Actor, id: string, body: SuspendBody): Promise<Suspension> {
      const target = await member(id);
      authorize(actor, 'member.suspend', { id: target.id, isAdmin: isAdminRow(target, adminEmails) });
      const row = await repo.suspend(id, {
        at: new Date(now()),
        until: body.until ? new Date(body.until) : null,
        reason: body.reason,
      });
      if (!row) throw new AppError('not_found', 'Member not found');
      // The sessions are gone from the database: every server forgets them and ends their streams.
      await sessions.revokeUser(id);
      let removed = { chatMessageIds: [] as number[], storageKeys: [] as string[] };
      if (body.removeMessages) {
        removed = await repo.removeContent(id);
        if (removed.chatMessageIds.length > 0) await deps.chat.removed(removed.chatMessageIds);
        for (const key of removed.storageKeys) {
          await deps.blobs
            .delete(key)
            .catch((err: unknown) =>
              deps.log.warn({ err, key }, 'a suspended member’s file could not be removed'),
            );
        }
      }
      await audit.record(actor, {
        action: 'member.suspended',
        target: targetOf(row),
        reason: body.reason,
        details: {
          until: row.suspendedUntil?.toISOString() ?? null,
          removeMessages: body.removeMessages === true,
          chatMessagesRemoved: removed.chatMessageIds.length,
        },
      });
      return presentSuspension(row)!;
    },

    /** Ends a suspension at once: the member can sign in again. */
    async unsuspend(actor: Actor, id: string): Promise<{ ok: true }> {
      authorize(actor, 'community.manage');
      const before = await member(id);
      const row = await repo.unsuspend(id);
      if (!row) throw new AppError('not_found', 'Member not found');
      await sessions.userChanged(id);
      if (before.suspendedAt) {
        await audit.record(actor, { action: 'member.unsuspended', target: targetOf(row) });
      }
      return { ok: true };
    },
  };
}

export type CommunityService = ReturnType<typeof communityService>;
