import type {
  AuditEntry,
  AuditQuery,
  AuditResponse,
  ModerationAction,
} from '../../common/contracts/moderation';
import type { Db } from '../db/client';
import type { ModerationRepository } from '../db/repositories/moderation.repository';
import type { ModerationAuditRow } from '../db/schema';
import { authorize, type PolicyActor } from '../policies';

/** Who acted: an actor of a session, or anything with the user's id and username. */
export type AuditActor = PolicyActor & { user: { id: string; username: string } };

/** One moderation action to record (decision 53). */
export type AuditRecord = {
  action: ModerationAction;
  /** The member acted on, or whose message it was: their id and their username now (kept as it is). */
  target?: { id: string | null; username: string | null } | null;
  /** The thing acted on when it is not a member: a chat or discussion message, an attempt, an invite… */
  subject?: { kind: string; ref: string | number | null } | null;
  reason?: string | null;
  /** Whatever else the action must keep: a removed message's text as it was, its thread, its media… */
  details?: Record<string, unknown>;
};

function present(row: ModerationAuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, username: row.actorUsername },
    action: row.action,
    target:
      row.targetUserId === null && row.targetUsername === null
        ? null
        : { id: row.targetUserId, username: row.targetUsername },
    subject: row.targetKind === null ? null : { kind: row.targetKind, ref: row.targetRef },
    reason: row.reason,
    details: row.details,
  };
}

/**
 * The moderation audit (decision 53): every moderation action, appended, never changed or removed.
 * `record` writes one entry, in the caller's transaction when given one (`tx`), so that the action
 * and its entry commit together; `page` reads them for administrators, newest first.
 */
export function auditLog(repo: ModerationRepository) {
  return {
    async record(actor: AuditActor, entry: AuditRecord, tx?: Db): Promise<void> {
      await repo.append(
        {
          actorId: actor.user.id,
          actorUsername: actor.user.username,
          action: entry.action,
          targetUserId: entry.target?.id ?? null,
          targetUsername: entry.target?.username ?? null,
          targetKind: entry.subject?.kind ?? null,
          targetRef:
            entry.subject?.ref === undefined || entry.subject.ref === null ? null : String(entry.subject.ref),
          reason: entry.reason ?? null,
          details: entry.details ?? {},
        },
        tx,
      );
    },

    async page(actor: PolicyActor, query: AuditQuery): Promise<AuditResponse> {
      authorize(actor, 'audit.read');
      const rows = await repo.page(query.limit + 1, query.before);
      const entries = rows.slice(0, query.limit).map(present);
      return { entries, nextCursor: rows.length > query.limit ? entries.at(-1)!.id : null };
    },
  };
}

export type AuditLog = ReturnType<typeof auditLog>;
