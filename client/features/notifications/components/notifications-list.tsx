import { CheckCheck } from 'lucide-react';
import type { Notification } from '@common/contracts/notifications';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useAllNotifications, useMarkRead, useUnreadCount } from '../api/notifications';
import { NotificationItem } from './notification-item';

/**
 * /notifications (decision 59): every notification of the member, newest first, older ones a page at a
 * time ('Show older'), with 'Mark all as read'.
 */
export function NotificationsList() {
  const list = useAllNotifications();
  const unread = useUnreadCount(true).data ?? 0;
  const markRead = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.notifications);
  const openOne = (n: Notification) => {
    if (n.readAt === null) markRead.mutate({ ids: [n.id] });
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-2xl font-black tracking-tight sm:text-3xl">Notifications</h2>
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <Card className="p-1 sm:p-2">
        {list.isPending ? (
          <div className="grid h-32 place-items-center">
            <Spinner label="Loading notifications" />
          </div>
        ) : list.isError && !items ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">
            Notifications could not be loaded.{' '}
            <button
              type="button"
              className="font-semibold text-brand underline"
              onClick={() => void list.refetch()}
            >
              Try again
            </button>
          </p>
        ) : items && items.length > 0 ? (
          <ol className="grid gap-0.5" aria-label="Notifications, newest first">
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} onOpen={openOne} />
            ))}
          </ol>
        ) : (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">
            Nothing yet. When someone mentions you, replies to you or a coach answers your attempt, it shows
            up here.
          </p>
        )}
      </Card>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      ) : null}
    </>
  );
}
