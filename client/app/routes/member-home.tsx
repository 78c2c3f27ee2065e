import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { MyAttemptsCard } from '../../features/attempts/components/my-attempts-card';
import { communityMessagesQueryOptions } from '../../features/chat/api/get-community-messages';
import { CommunityChatPanel } from '../../features/chat/components/community-chat-panel';
import { MemberCountCard } from '../../features/home/components/member-count-card';
import { ThinkTanksMenu } from '../../features/home/components/think-tanks-menu';
import { ContinueCard } from '../../features/think-tanks/components/continue-card';
import { useAfterInteractive } from '../../lib/after-interactive';

/** Only an admin sees them: loaded only for one (docs/decisions.md decision 70). */
const CoachHomeCards = lazy(() => import('./member-home-coach-cards'));
/** The next session (decision 82): its code and its request only once the page is interactive. */
const NextSessionCard = lazy(() => import('../../features/events/components/next-session-card'));

/**
 * A member's / : a greeting with the Think Tanks menu, their next lesson, and the community chat in
 * the first screen on a phone and on a desktop; the member count after. On wide screens the chat
 * takes the left two thirds, the next lesson and the count the column beside it.
 */
export default function MemberHome({ user }: { user: CurrentUser }) {
  const client = useQueryClient();
  const later = useAfterInteractive();
  // The room's messages are asked for now, while the room's own code is on its way (decision 73).
  useEffect(() => {
    void client.prefetchQuery(communityMessagesQueryOptions());
  }, [client]);
  return (
    <div className="grid gap-4 sm:gap-6">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
        <h2 className="min-w-0 break-words font-display text-2xl font-black tracking-tight sm:text-3xl">
          Welcome, {user.name}
        </h2>
        <ThinkTanksMenu isMember />
      </div>
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="grid content-start gap-4 sm:gap-6 lg:col-start-2 lg:row-start-1">
          <MyAttemptsCard />
          {user.isAdmin ? (
            <Suspense fallback={null}>
              <CoachHomeCards />
            </Suspense>
          ) : null}
          <ContinueCard />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <CommunityChatPanel />
        </div>
        <div className="grid content-start gap-6 lg:col-start-2 lg:row-start-2">
          {later ? (
            <Suspense fallback={null}>
              <NextSessionCard />
            </Suspense>
          ) : null}
          <MemberCountCard />
        </div>
      </div>
    </div>
  );
}
