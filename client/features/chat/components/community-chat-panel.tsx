import { Lock, RadioTower } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';

/**
 * The open community chat, 'Standard Issue Comms' (400px high). Visitors are asked to log in; for
 * members the message list region is here, empty until the chat issue fills it.
 */
export function CommunityChatPanel() {
  const { user, isPending } = useCurrentUser();

  return (
    <Card aria-labelledby="community-chat-title" className="flex h-[400px] flex-col overflow-hidden">
      <header className="flex items-center gap-3 border-b px-5 py-4">
        <span className="grid size-9 place-items-center rounded-lg bg-primary/15 text-brand">
          <RadioTower aria-hidden="true" className="size-5" />
        </span>
        <h2 id="community-chat-title" className="text-lg font-black uppercase tracking-wide">
          Standard Issue Comms
        </h2>
      </header>
      {isPending ? null : user ? (
        <div
          role="log"
          aria-label="Community messages"
          aria-live="polite"
          className="min-h-0 flex-1 overflow-y-auto px-5 py-4"
        >
          <ol className="grid gap-3" />
        </div>
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
            <Lock aria-hidden="true" className="size-5" />
          </span>
          <p className="font-medium text-muted-foreground">Please log in to view and send messages</p>
        </div>
      )}
    </Card>
  );
}
