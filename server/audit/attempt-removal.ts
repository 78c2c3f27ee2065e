import type { Db } from '../db/client';
import type { ModerationRepository } from '../db/repositories/moderation.repository';
import type { AuditActor, AuditLog } from './audit-log';

/**
 * A coach removes someone else's attempt (decision 53), before it is deleted with its files: the
 * messages that post it become its author's tombstones and the audit keeps its caption, in one
 * transaction. The ids of those messages (the chat's go out as `message-deleted`).
 */
export function attemptRemoval({
  repo,
  audit,
  transaction,
}: {
  repo: Pick<ModerationRepository, 'attemptFacts' | 'tombstoneAttempt'>;
  audit: Pick<AuditLog, 'record'>;
  transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
}) {
  return (actor: AuditActor, attemptId: string, reason: string | null) =>
    transaction(async (tx) => {
      const facts = await repo.attemptFacts(attemptId, tx);
      const messages = await repo.tombstoneAttempt(attemptId, actor.user.id, reason, tx);
      if (facts) {
        const thread = messages.discussion[0];
        await audit.record(
          actor,
          {
            action: 'message.removed',
            target: { id: facts.userId, username: facts.username },
            subject: { kind: 'attempt', ref: attemptId },
            reason,
            details: {
              caption: facts.caption,
              chatMessageIds: messages.chat,
              discussionMessageIds: messages.discussion.map((d) => d.id),
              ...(thread
                ? {
                    thread: {
                      thinkTank: thread.thinkTank,
                      topic: thread.topicSlug,
                      lesson: thread.lessonSlug,
                    },
                  }
                : {}),
            },
          },
          tx,
        );
      }
      return { chat: messages.chat, discussion: messages.discussion.map((d) => d.id) };
    });
}

export type AttemptRemoval = ReturnType<typeof attemptRemoval>;
