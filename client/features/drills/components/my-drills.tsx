import { Target } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import type { AssignmentItem } from '@common/contracts/assignments';
import { ASSIGNMENT_PARAM } from '@common/notification-links';
import { ListStatus } from '../../../components/list-status';
import { useLinkTarget } from '../../../lib/use-link-target';
import { useAssignments } from '../api/get-assignments';
import { memberDrillOrder } from '../drill-lessons';
import { DrillCard } from './drill-card';

/**
 * The drill a link names (`?assignment=<id>`, a notification's), kept once the address drops it; a
 * link to a drill the list does not hold (deleted) says so.
 */
export function useTargetDrill(ready: boolean, items: readonly AssignmentItem[]): string | null {
  return useLinkTarget(
    ASSIGNMENT_PARAM,
    ready,
    (id) => items.some((i) => i.id === id),
    'That drill is no longer assigned',
  );
}

/** Brings the targeted drill into view and focuses it, once, when it is drawn. */
export function useBringIntoView(target: string | null, ready: boolean) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!target || !ready || done.current === target) return;
    const el = document.querySelector<HTMLElement>(`[data-drill-id="${CSS.escape(target)}"] article`);
    if (!el) return;
    done.current = target;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  }, [target, ready]);
}

/**
 * A member's drills (decision 81): open ones first, soonest due first, then the rest; each with its
 * lesson, the coach's note, the due time in the community's time zone and its status.
 */
export function MyDrills() {
  const drills = useAssignments();
  const items = useMemo(() => memberDrillOrder(drills.data?.items ?? []), [drills.data]);
  const target = useTargetDrill(drills.isSuccess, items);
  const timeZone = drills.data?.timeZone ?? 'UTC';
  const open = items.filter((i) => i.status === 'open').length;
  useBringIntoView(target, drills.isSuccess);
  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="font-display text-2xl font-black tracking-tight sm:text-3xl">My drills</h1>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {drills.isPending
            ? 'Loading…'
            : `Lessons your coaches assigned you. Post an attempt to the lesson to complete one. ${
                open === 0 ? 'Nothing open.' : open === 1 ? '1 open.' : `${open} open.`
              } Times are in ${timeZone}.`}
        </p>
      </div>
      <ListStatus
        query={drills}
        empty={items.length === 0}
        skeletonClassName="h-24"
        failed="Your drills could not be loaded."
        icon={Target}
        emptyTitle="No drills yet"
        emptyText="When a coach assigns you a lesson as a drill, it shows up here."
      >
        <ul aria-label="My drills" className="grid gap-3">
          {items.map((item) => (
            <DrillCard key={item.id} item={item} timeZone={timeZone} targeted={item.id === target} />
          ))}
        </ul>
      </ListStatus>
    </div>
  );
}
