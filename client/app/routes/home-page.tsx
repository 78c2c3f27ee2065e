import { Suspense, lazy } from 'react';
import { CommunityChatPanel } from '../../features/chat/components/community-chat-panel';
import { MemberCountCard } from '../../features/home/components/member-count-card';
import { Acronyms, Pitch } from '../../features/home/components/pitch';
import { ThinkTanksMenu } from '../../features/home/components/think-tanks-menu';
import { useCurrentUser } from '../../lib/current-user';
import { useDocumentTitle } from '../../lib/document-title';
import { PageSpinner } from '../layout/page-spinner';

/** The member's home, loaded on demand: a visitor's page (prerendered, in the entry chunk) never shows it. */
export const loadMemberHome = () => import('./member-home');
const MemberHome = lazy(loadMemberHome);

/**
 * / : the community home. A visitor gets the invitation (the prerendered page); a member gets their
 * home, which leads with the chat and their next lesson. Until /api/auth/me has answered (a member's
 * page starts from the shell, whose spinner this is) neither is drawn, so nothing jumps.
 */
export default function HomePage() {
  const { user, isPending } = useCurrentUser();
  useDocumentTitle();
  if (isPending) return <PageSpinner />;
  if (user) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <MemberHome user={user} />
      </Suspense>
    );
  }
  return <VisitorHome />;
}

/** The invitation, with the Think Tanks locked and the chat asking to log in. */
function VisitorHome() {
  return (
    <div className="grid gap-8 sm:gap-10">
      <div className="grid items-end gap-8 lg:grid-cols-[1.15fr_1fr]">
        <Pitch action={<ThinkTanksMenu isMember={false} />} />
        <Acronyms />
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <CommunityChatPanel />
        <div className="grid content-start gap-6">
          <MemberCountCard />
        </div>
      </div>
    </div>
  );
}
