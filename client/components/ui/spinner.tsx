import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

/** A busy indicator with a name for screen readers. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-muted-foreground" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} />;
}

/**
 * A line of text not known yet, as tall as the text around it (an inline block whose only content is a
 * no-break space takes the line height of its font): the text that replaces it moves nothing.
 */
export function TextSkeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block max-w-full animate-pulse rounded-md bg-muted align-bottom', className)}
    >
      {'\u00a0'}
    </span>
  );
}
