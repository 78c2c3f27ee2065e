import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { NOTIFICATION_EVENT, NOTIFICATIONS_READ_EVENT } from '@common/contracts/notifications-values';
import { setTitleUnread } from '../../lib/document-title';
import { useLiveEvent, useLiveState } from '../../lib/live-connection';
import { addNotification, NOTIFICATIONS_KEY, unreadChanged, useUnreadCount } from './api/notifications';

/**
 * The schemas the events are checked with, loaded with the first event: the contract builds zod schemas
 * as it loads, work the bell's first render does not need (docs/decisions.md decision 67). One promise,
 * so that events are handled in the order they came.
 */
const importSchemas = () => import('@common/contracts/notifications');
let schemas: ReturnType<typeof importSchemas> | undefined;
const loadSchemas = () => (schemas ??= importSchemas());

/**
 * The member's unread count, kept current (decision 59): read from GET /api/notifications/unread-count,
 * then moved by the live connection's `notification` and `notifications-read` events (and read again
 * each time the connection opens again, for what came while it was down); shown in the page title as
 * '(N) Tribe36'. Mounted once, by the bell.
 */
export function useNotificationsLive(): number {
  const client = useQueryClient();
  const count = useUnreadCount(true).data ?? 0;

  useLiveEvent(NOTIFICATION_EVENT, (data) => {
    void loadSchemas().then(({ notificationEventData }) => {
      const parsed = notificationEventData.safeParse(data);
      if (parsed.success) addNotification(client, parsed.data.notification, parsed.data.unread);
    });
  });
  useLiveEvent(NOTIFICATIONS_READ_EVENT, (data) => {
    void loadSchemas().then(({ notificationsReadEventData }) => {
      const parsed = notificationsReadEventData.safeParse(data);
      if (parsed.success) unreadChanged(client, parsed.data.unread);
    });
  });

  const state = useLiveState();
  const wasOpen = useRef(false);
  useEffect(() => {
    // Opened again after a drop: what arrived meanwhile was not sent, so the count and lists are asked again.
    if (state === 'open' && wasOpen.current) void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    if (state === 'open') wasOpen.current = true;
  }, [state, client]);

  useEffect(() => {
    setTitleUnread(count);
  }, [count]);
  useEffect(() => () => setTitleUnread(0), []);
  return count;
}
