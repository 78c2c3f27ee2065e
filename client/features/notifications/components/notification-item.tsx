import { AtSign, Bell, CalendarClock, CheckCircle2, Flag, ShieldAlert, Target, Video } from 'lucide-react';
import { Link } from 'wouter';
import type { Notification } from '@common/contracts/notifications';
import { notificationUrl } from '@common/notification-links';
import { Avatar } from '../../../components/ui/avatar';
import { RelativeTime } from '../../../components/relative-time';
import { cn } from '../../../lib/utils';
import { sentenceOf } from '../notification-text';

const ICONS: Partial<Record<Notification['kind'], typeof Bell>> = {
  'lesson-video': Video,
  'membership-approved': CheckCircle2,
  moderation: ShieldAlert,
  'report-new': Flag,
  mention: AtSign,
  'assignment-due': Target,
  'event-reminder': CalendarClock,
};

/**
 * One notification: who (their picture, or the kind's icon), the sentence, the start of what it is about,
 * when, and a dot while unread. The whole row is a link to its target (decision 59), so it opens in a new
 * tab too; `onOpen` marks it read (and closes the bell's panel).
 */
export function NotificationItem({
  notification,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  compact?: boolean;
}) {
  const { actor: actorName, text } = sentenceOf(notification);
  const unread = notification.readAt === null;
  const Icon = ICONS[notification.kind] ?? Bell;
  return (
    <li>
      <Link
        href={notificationUrl(notification.target)}
        onClick={() => onOpen(notification)}
        data-notification-id={notification.id}
        className={cn(
          'grid grid-cols-[2.25rem_minmax(0,1fr)_0.625rem] items-start gap-x-3 rounded-md px-3 py-2.5 text-sm transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          unread && 'bg-primary/[0.07]',
          compact ? 'py-2' : 'sm:px-4 sm:py-3',
        )}
      >
        {notification.actor ? (
          <Avatar
            name={notification.actor.name}
            src={notification.actor.profilePicture}
            decorative
            className="size-9 text-xs"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-full bg-primary/15 text-brand"
          >
            <Icon className="size-4" />
          </span>
        )}
        <span className="grid min-w-0 gap-0.5">
          <span
            className={cn('break-words leading-snug', unread ? 'text-foreground' : 'text-muted-foreground')}
          >
            {unread ? <span className="sr-only">Unread: </span> : null}
            {actorName ? <strong className="font-semibold text-foreground">{actorName}</strong> : null}
            {actorName ? ' ' : null}
            {text}
          </span>
          {notification.excerpt ? (
            <span className="line-clamp-2 break-words text-muted-foreground">“{notification.excerpt}”</span>
          ) : null}
          <RelativeTime time={notification.createdAt} className="text-xs text-muted-foreground" />
        </span>
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2.5 rounded-full', unread ? 'bg-brand' : 'bg-transparent')}
        />
      </Link>
    </li>
  );
}
