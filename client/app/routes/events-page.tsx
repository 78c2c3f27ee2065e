import { EventsList } from '../../features/events/components/events-list';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/** /events (issue 34 §2, decision 82): the sessions to come, RSVP, calendar links; coaches set them here. */
export default function EventsPage() {
  useDocumentTitle('Sessions');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <h1 className="font-display text-2xl font-black tracking-tight sm:text-3xl">Sessions</h1>
      <RequireMember>{(user) => <EventsList isAdmin={user.isAdmin} />}</RequireMember>
    </div>
  );
}
