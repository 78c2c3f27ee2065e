import { Lock } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Card } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { PanelHeader } from './chat-panel-header';

// Members only: the room (messages, stream, composer, media) is not loaded for a visitor's home page.
const CommunityRoom = lazy(() => import('./community-room').then((m) => ({ default: m.CommunityRoom })));

/**
 * The open community chat, 'Standard Issue Comms' (400px high). Members read and send text, photo,
 * video and voice messages, delivered live through the stream with polling as the fallback; visitors
 * are asked to log in.
 */
export function CommunityChatPanel() {
  const { user, isPending } = useCurrentUser();

  return (
    <Card aria-labelledby="community-chat-title" className="flex h-[400px] flex-col overflow-hidden">
      {isPending ? (
        <PanelHeader />
      ) : user ? (
        <Suspense fallback={<PanelHeader />}>
          <CommunityRoom key={user.id} username={user.username} />
        </Suspense>
      ) : (
        <>
          <PanelHeader />
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
              <Lock aria-hidden="true" className="size-5" />
            </span>
            <p className="font-medium text-muted-foreground">Please log in to view and send messages</p>
          </div>
        </>
      )}
    </Card>
  );
}
