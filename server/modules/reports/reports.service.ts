import type { NotificationProducers } from '../../notifications/producers';
import type { SuspendBody } from '../../../common/contracts/community';
import type {
  BlockedMember,
  ReportBody,
  ReportCount,
  ReportedTarget,
  ReportReason,
  ReportSnapshot,
  ResolveReportBody,
} from '../../../common/contracts/reports';
import type { AuditLog } from '../../audit/audit-log';
import type { Slot } from '../../db/repositories/lessons.repository';
import type { ReportsRepository } from '../../db/repositories/reports.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import { AppError } from '../../lib/errors';
import { authorize } from '../../policies';
import { isAdminRow } from '../../presenters/user.presenter';
import type { BlockStore } from '../../storage/block-store';
import type { Actor } from '../../storage/session-store';

type Deps = {
  repo: ReportsRepository;
  users: Pick<UsersRepository, 'findByUsername' | 'findById'>;
  adminEmails: ReadonlySet<string>;
  audit: Pick<AuditLog, 'record'>;
  blocks: Pick<BlockStore, 'changed'>;
  /** A coach's removal of a chat message (chat.service.ts `remove`, decision 53). */
  removeChatMessage: (actor: Actor, id: number, reason?: string) => Promise<void>;
  /** A coach's removal of a discussion message (discussions.service.ts `remove`, decision 53). */
  removeDiscussionMessage: (actor: Actor, slot: Slot, id: number, reason?: string) => Promise<void>;
  /** A suspension (community.service.ts `suspend`, decision 54). */
  suspend: (actor: Actor, userId: string, body: SuspendBody) => Promise<unknown>;
  /** Tells the coaches of a new report (decision 56). */
  produce?: Pick<NotificationProducers, 'reportFiled'>;
};

const MEMBER_NOT_FOUND = 'Member not found';
/** What a report's target key looks like (decision 55); anything else names nothing. */
const TARGET_KEY = /^(chat|discussion)-[1-9]\d{0,15}$|^member-[0-9a-f-]{36}$/;

/** Whether `err` is the 404 of something already gone. */
const isNotFound = (err: unknown) => err instanceof AppError && err.code === 'not_found';

/**
 * Members report messages and members, coaches work through the reports, members block members
 * (decision 55).
 */
export function reportsService({
  repo,
  users,
  adminEmails,
  audit,
  blocks,
  removeChatMessage,
  removeDiscussionMessage,
  suspend,
  produce,
}: Deps) {
  async function member(username: string) {
    const row = await users.findByUsername(username.trim().toLowerCase());
    if (!row) throw new AppError('not_found', MEMBER_NOT_FOUND);
    return row;
  }

  return {
    /**
     * A report of a message (kept as it reads now, its snapshot) or of a member: 409 when this member
     * already has an open report of it.
     */
    async report(actor: Actor, body: ReportBody): Promise<{ id: string; target: string }> {
      let target: string;
      let targetUserId: string;
      let snapshot: ReportSnapshot | null = null;
      if (body.username !== undefined) {
        const row = await member(body.username);
        authorize(actor, 'report.make', { userId: row.id });
        target = `member-${row.id}`;
        targetUserId = row.id;
      } else {
        const kind = body.messageKind!;
        const id = body.messageId!;
        const message = kind === 'chat' ? await repo.chatMessage(id) : await repo.discussionMessage(id);
        if (!message || message.removedAt !== null) throw new AppError('not_found', 'Message not found');
        authorize(actor, 'report.make', { userId: message.userId });
        target = `${kind}-${id}`;
        targetUserId = message.userId;
        snapshot = {
          kind,
          id,
          content: message.content,
          messageType: message.messageType,
          createdAt: message.createdAt.toISOString(),
          thread: message.thread,
        };
      }
      const row = await repo.insert({
        reporterId: actor.user.id,
        target,
        targetUserId,
        reason: body.reason,
        note: body.note ? body.note : null,
        snapshot,
      });
      if (!row) throw new AppError('conflict', 'You have already reported this: a coach will look at it');
      await produce?.reportFiled(actor, {
        id: row.id,
        reason: body.reason,
        note: body.note ? body.note : null,
      });
      return { id: row.id, target };
    },

    /** The open reports, one entry per reported thing, the longest-waiting first. */
    async queue(actor: Actor): Promise<ReportedTarget[]> {
      authorize(actor, 'reports.review');
      const rows = await repo.open();
      const byTarget = new Map<string, typeof rows>();
      for (const r of rows) {
        const list = byTarget.get(r.target) ?? [];
        list.push(r);
        byTarget.set(r.target, list);
      }
      const ids = { chat: [] as number[], discussion: [] as number[] };
      for (const key of byTarget.keys()) {
        const [kind, id] = key.split('-') as [string, string];
        if (kind === 'chat' || kind === 'discussion') ids[kind].push(Number(id));
      }
      const standing = {
        chat: await repo.standing('chat', ids.chat),
        discussion: await repo.standing('discussion', ids.discussion),
      };
      return [...byTarget.entries()].map(([key, list]) => {
        const first = list[0]!;
        const kind = key.slice(0, key.indexOf('-')) as ReportedTarget['kind'];
        const snapshot = (list.find((r) => r.snapshot !== null)?.snapshot ?? null) as ReportSnapshot | null;
        return {
          target: key,
          kind,
          member: {
            id: first.targetUserId,
            username: first.targetUsername,
            name: first.targetName,
            suspended: first.targetSuspendedAt !== null,
          },
          count: list.length,
          reasons: [...new Set(list.map((r) => r.reason as ReportReason))],
          firstAt: first.createdAt.toISOString(),
          lastAt: list.at(-1)!.createdAt.toISOString(),
          snapshot,
          messageGone: kind === 'member' ? false : !standing[kind].has(Number(key.slice(kind.length + 1))),
          reports: list.map((r) => ({
            id: r.id,
            reporter: { username: r.reporterUsername, name: r.reporterName },
            reason: r.reason as ReportReason,
            note: r.note,
            createdAt: r.createdAt.toISOString(),
          })),
        };
      });
    },

    async count(actor: Actor): Promise<ReportCount> {
      authorize(actor, 'reports.review');
      return repo.counts();
    },

    /**
     * Closes every open report of `target` (decision 55): `dismiss` leaves everything as it is,
     * `delete` removes the message as a coach's removal does (its author sees 'Removed by a coach'),
     * `suspend` suspends the member reported or the message's author. One audit entry says so.
     */
    async resolve(actor: Actor, target: string, body: ResolveReportBody): Promise<{ resolved: number }> {
      authorize(actor, 'reports.review');
      const open = TARGET_KEY.test(target) ? await repo.openOf(target) : [];
      if (open.length === 0) throw new AppError('not_found', 'There is no open report of this');
      const first = open[0]!;
      const kind = target.slice(0, target.indexOf('-'));
      const ref = target.slice(kind.length + 1);
      const snapshot = (open.find((r) => r.snapshot !== null)?.snapshot ?? null) as ReportSnapshot | null;
      if (body.action === 'delete') {
        if (kind === 'member') {
          throw new AppError('bad_request', 'A member was reported, not a message: dismiss or suspend');
        }
        try {
          if (kind === 'chat') await removeChatMessage(actor, Number(ref), body.reason);
          else {
            const thread = snapshot?.thread;
            if (!thread) throw new AppError('not_found', 'Message not found');
            const slot = { thinkTank: thread.thinkTank, topicSlug: thread.topic, lessonSlug: thread.lesson };
            await removeDiscussionMessage(actor, slot as Slot, Number(ref), body.reason);
          }
        } catch (err) {
          // Gone already (its author deleted it, or another coach): the reports close all the same.
          if (!isNotFound(err)) throw err;
        }
      } else if (body.action === 'suspend') {
        if (!body.reason) throw new AppError('bad_request', 'reason is required to suspend a member');
        await suspend(actor, first.targetUserId, {
          reason: body.reason,
          ...(body.until === undefined ? {} : { until: body.until }),
          ...(body.removeMessages === undefined ? {} : { removeMessages: body.removeMessages }),
        });
      }
      const resolved = await repo.resolve(target, actor.user.id, body.action);
      const targetRow = await users.findById(first.targetUserId);
      await audit.record(actor, {
        action: 'report.resolved',
        target: { id: first.targetUserId, username: targetRow?.username ?? null },
        subject: kind === 'member' ? null : { kind, ref },
        reason: body.reason ?? null,
        details: {
          resolution: body.action,
          reports: resolved,
          reasons: [...new Set(open.map((r) => r.reason))],
          ...(snapshot ? { snapshot } : {}),
        },
      });
      return { resolved };
    },

    /** Blocks a member (decision 55): idempotent, silent to them; never oneself (400) or a coach (403). */
    async block(actor: Actor, username: string): Promise<void> {
      const row = await member(username);
      const subject = { id: row.id, isAdmin: isAdminRow(row, adminEmails) };
      authorize(actor, 'member.block', subject);
      authorize(actor, 'member.block-coach', subject);
      if (await repo.block(actor.user.id, row.id)) await blocks.changed(actor.user.id, row.id, true);
    },

    /** Lifts a block: idempotent (204 whether or not there was one); 404 for an unknown member. */
    async unblock(actor: Actor, username: string): Promise<void> {
      const row = await member(username);
      if (await repo.unblock(actor.user.id, row.id)) await blocks.changed(actor.user.id, row.id, false);
    },

    async blocked(actor: Actor): Promise<BlockedMember[]> {
      return (await repo.blockedBy(actor.user.id)).map((r) => ({
        username: r.username,
        name: r.name,
        profilePicture: r.profilePicture,
        blockedAt: r.blockedAt.toISOString(),
      }));
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
