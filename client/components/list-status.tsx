import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { serverErrorMessage } from '../lib/api-error';
import { cn } from '../lib/utils';
import { Card } from './ui/card';
import { Skeleton } from './ui/spinner';

type Props = {
  /** The list's query: still pending, failed (with its error), or answered. */
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** Answered, with no items. */
  empty: boolean;
  /** Each of the two skeleton cards' height while pending, as tall as an item (`h-24`). */
  skeletonClassName: string;
  /** The gap between the skeleton cards, as between the items (`gap-3`). */
  gapClassName?: string;
  /** The sentence when the list could not be loaded, before the server's reason or 'Check your connection.' */
  failed: string;
  /** The empty card's icon, its title and the line under it, if any. */
  icon: LucideIcon;
  emptyTitle: string;
  emptyText?: string;
  /** The list itself, drawn once there are items. */
  children: ReactNode;
};

/**
 * A list page's states around its items (the drills, My attempts, the attempts inbox): two skeleton cards
 * while it loads, a card saying it could not be loaded and why, or an empty card with an icon and a title.
 */
export function ListStatus({
  query,
  empty,
  skeletonClassName,
  gapClassName = 'gap-3',
  failed,
  icon: Icon,
  emptyTitle,
  emptyText,
  children,
}: Props) {
  if (query.isPending) {
    return (
      <div className={cn('grid', gapClassName)} aria-busy="true">
        <Skeleton className={cn('w-full rounded-xl', skeletonClassName)} />
        <Skeleton className={cn('w-full rounded-xl', skeletonClassName)} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card className="p-5 text-sm">
        {failed} {serverErrorMessage(query.error) ?? 'Check your connection.'}
      </Card>
    );
  }
  if (empty) {
    return (
      <Card className="grid justify-items-center gap-2 p-8 text-center">
        <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-semibold">{emptyTitle}</p>
        {emptyText && <p className="text-sm text-muted-foreground">{emptyText}</p>}
      </Card>
    );
  }
  return children;
}
