import { KeyRound } from 'lucide-react';
import { Suspense, lazy, memo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { EmailConfirmationBanner } from '../../features/auth/components/email-confirmation-banner';
import { ProfileView } from '../../features/profile/components/profile-view';
import {
  LazyRecordingCalendar,
  LazyVoiceoverRecordingCard,
  RecordingCalendar,
  VoiceoverRecordingCard,
} from '../../features/recordings/components/lazy-recordings';
import { LessonProgressCard } from '../../features/think-tanks/components/lesson-progress-card';
import { useDrillsByDay } from '../../features/drills/use-drills-by-day';
import { useCurrentUser } from '../../lib/current-user';
import { useDocumentTitle } from '../../lib/document-title';
import { frameVariant } from '../../lib/member-frame';
import { MemberFrame } from '../require-member';

// Only admins open the viewer, and only now and then: load it on first use.
const MemberCredentialsDialog = lazy(() =>
  import('../../features/admin/components/member-credentials-dialog').then((m) => ({
    default: m.MemberCredentialsDialog,
  })),
);

/** The admin's button that opens the member credentials viewer, and the viewer itself. */
function MemberCredentialsAction() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <KeyRound aria-hidden="true" />
        Member Credentials
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <MemberCredentialsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Everything the page draws, for its frame (client/prerender.tsx): the recorder and the calendar, which
 * load on demand otherwise.
 */
export async function preloadParts(): Promise<void> {
  await Promise.all([VoiceoverRecordingCard.preload(), RecordingCalendar.preload()]);
}

// Memoised: /api/auth/me's answer re-renders CalendarWithDrills, and an element made anew for the
// calendar, not hydrated yet, would make React throw its server HTML away (see MEMBER_PARTS below).
const MemoRecordingCalendar = memo(LazyRecordingCalendar);

/** The recording calendar, with the days the member's drills are due marked (decision 81). */
function CalendarWithDrills() {
  const drills = useDrillsByDay(useCurrentUser().user?.id);
  return <MemoRecordingCalendar drills={drills} />;
}

/**
 * What the page draws that does not come from /api/auth/me's answer: one element, so that the answer
 * re-renders none of it. The recorder and the calendar hydrate as their code arrives (React keeps their
 * server HTML meanwhile); an element made anew here when /me answers would be an update to a section
 * not hydrated yet, which React answers by throwing its HTML away and drawing it again.
 */
const MEMBER_PARTS = (
  <>
    <LessonProgressCard />
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <LazyVoiceoverRecordingCard />
      <CalendarWithDrills />
    </div>
  </>
);

/**
 * /profile : the member's own profile, then the voiceover recorder and the recording calendar; admins also
 * get the member credentials viewer. The server sends a live session the page's frame (docs/decisions.md
 * decision 68), the same for every member: drawn with no `user`, and filled in place once
 * /api/auth/me answers.
 */
export default function ProfilePage() {
  useDocumentTitle('My Profile');
  return (
    <MemberFrame>
      {(user) => (
        <div className="grid gap-6">
          {user || frameVariant() === 'email-unconfirmed' ? <EmailConfirmationBanner user={user} /> : null}
          <ProfileView user={user} adminActions={<MemberCredentialsAction />} />
          {MEMBER_PARTS}
        </div>
      )}
    </MemberFrame>
  );
}
