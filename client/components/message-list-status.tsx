import { RotateCw } from 'lucide-react';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

type Props = {
  loading: boolean;
  /** Loading failed and there is nothing to show instead. */
  failed: boolean;
  empty: boolean;
  onRetry: () => void;
};

/**
 * What a message list shows instead of messages: a spinner while the first page loads, 'Could not load
 * messages.' with Try again, or the invitation to start. Nothing once there are messages.
 */
export function MessageListStatus({ loading, failed, empty, onRetry }: Props) {
  if (loading) {
    return (
      <div className="grid h-full place-items-center">
        <Spinner label="Loading messages" />
      </div>
    );
  }
  if (failed) {
    return (
      <div className="grid h-full place-content-center justify-items-center gap-3 text-center">
        <p className="text-sm text-muted-foreground">Could not load messages.</p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (empty) {
    return (
      <p className="grid h-full place-items-center px-6 text-center text-sm text-muted-foreground">
        No messages yet. Start the discussion!
      </p>
    );
  }
  return null;
}
