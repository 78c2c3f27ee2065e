import { Bell, CheckCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Notification } from '@common/contracts/notifications';
import { Button } from '../../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { Spinner } from '../../../components/ui/spinner';
import { NOTIFICATIONS_PATH } from '../../../lib/paths';
import { RECENT_LIMIT, useMarkRead, useRecentNotifications } from '../api/notifications';
import { useNotificationsLive } from '../use-notifications-live';
import { NotificationItem } from './notification-item';

/** 'Notifications, 3 unread' (the bell's name), 'Notifications' with none. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The badge's text: the count, '99+' above 99. */
const badgeOf = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The header's bell (decision 59): the unread count as a badge (and in its name), kept live; it opens a
 * panel with the newest notifications, 'Mark all as read' and a link to all of them. Clicking one marks
 * it read and goes to what it is about.
 */
export function NotificationBell() {
  const unread = useNotificationsLive();
  const [open, setOpen] = useState(false);
  const recent = useRecentNotifications(open);
  const markRead = useMarkRead();
  const items = recent.data?.notifications.slice(0, RECENT_LIMIT);

  // A notification or 'See all' opens a page whose heading or message takes focus: the closing panel
  // must not take it back to the bell.
  const navigated = useRef(false);
  const openOne = (n: Notification) => {
    navigated.current = true;
    setOpen(false);
    if (n.readAt === null) markRead.mutate({ ids: [n.id] });
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={bellLabel(unread)}
          title="Notifications"
          data-notification-bell=""
          className="relative rounded-full data-[state=open]:bg-accent"
        >
          <Bell aria-hidden="true" className="size-5" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand px-1 text-[0.7rem] font-bold leading-none tabular-nums text-white ring-2 ring-background"
            >
              {badgeOf(unread)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label="Notifications"
        onCloseAutoFocus={(event) => {
          if (!navigated.current) return;
          navigated.current = false;
          event.preventDefault();
        }}
        className="flex max-h-[min(34rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-1.5rem))] flex-col"
      >
        <div className="flex shrink-0 items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-black uppercase tracking-wide">Notifications</h2>
          <Button
            variant="ghost"
            size="sm"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
            className="h-8 px-2 text-xs"
          >
            <CheckCheck aria-hidden="true" />
            Mark all as read
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1">
          {recent.isPending ? (
            <div className="grid h-24 place-items-center">
              <Spinner label="Loading notifications" />
            </div>
          ) : recent.isError ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">
              Notifications could not be loaded.{' '}
              <button
                type="button"
                className="font-semibold text-brand underline"
                onClick={() => void recent.refetch()}
              >
                Try again
              </button>
            </p>
          ) : items && items.length > 0 ? (
            <ol className="grid gap-0.5" aria-label="Newest notifications">
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} onOpen={openOne} compact />
              ))}
            </ol>
          ) : (
            <p className="px-3 py-8 text-center text-sm text-muted-foreground">
              Nothing yet. Mentions, replies and news for you show up here.
            </p>
          )}
        </div>
        <div className="shrink-0 border-t p-1">
          <Link
            href={NOTIFICATIONS_PATH}
            onClick={() => {
              navigated.current = true;
              setOpen(false);
            }}
            className="block rounded-md px-3 py-2 text-center text-sm font-semibold text-brand hover:bg-accent/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          >
            See all notifications
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}
