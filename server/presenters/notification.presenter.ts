import type { Notification } from '../../common/contracts/notifications';
import type { NotificationWithActor } from '../db/repositories/notifications.repository';

/**
 * A notification as its member reads it (decision 56): its actor's name, handle and picture, or null
 * when no member caused it or the account was deleted (a deleted account has no profile to show).
 */
export function presentNotification(row: NotificationWithActor): Notification {
  const actor =
    row.actor && !row.actor.deleted
      ? { name: row.actor.name, username: row.actor.username, profilePicture: row.actor.profilePicture }
      : null;
  return {
    id: row.id,
    kind: row.kind,
    actor,
    target: row.target,
    excerpt: row.excerpt,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
