import { NotificationsList } from '../../features/notifications/components/notifications-list';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/** /notifications (decision 59): the member's notifications, newest first. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <RequireMember>{() => <NotificationsList />}</RequireMember>
    </div>
  );
}
