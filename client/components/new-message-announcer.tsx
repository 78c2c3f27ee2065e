import type { Announcement } from '../lib/use-new-message-announcement';

/**
 * A message list's polite live region, visible to screen readers only: it reads out the newest
 * message from someone else (useNewMessageAnnouncement), once.
 */
export function NewMessageAnnouncer({ announcement }: { announcement: Announcement }) {
  return (
    <div role="status" aria-atomic="true" className="sr-only" data-message-announcer="">
      {announcement ? <span key={announcement.id}>{announcement.text}</span> : null}
    </div>
  );
}
