import { Users } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/spinner';
import { MEMBER_COUNT_SHOWN_FROM } from '@common/constants';
import { useCurrentUser } from '../../../lib/current-user';
import { useMemberCount } from '../../../lib/member-count';

/**
 * How many members the tribe has (6 when the count cannot be loaded, as the spec says), kept
 * current by the chat stream while a member has it open. Visitors see it only once the tribe has
 * MEMBER_COUNT_SHOWN_FROM members; members always do.
 */
export function MemberCountCard() {
  const { count, isPending, fallback } = useMemberCount();
  const { user, isPending: userPending } = useCurrentUser();
  const visitor = !userPending && user === null;
  if (visitor && !fallback && count !== undefined && count < MEMBER_COUNT_SHOWN_FROM) return null;
  return (
    <Card aria-labelledby="member-count-label" className="relative overflow-hidden p-5 sm:p-6">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-6 -top-6 size-28 rounded-full bg-primary/15 blur-2xl"
      />
      <div className="flex items-center justify-between gap-4">
        <div>
          <p
            id="member-count-label"
            className="text-xs font-bold uppercase tracking-[0.2em] text-muted-foreground"
          >
            Members
          </p>
          {isPending || count === undefined ? (
            <Skeleton className="mt-1 h-12 w-16" />
          ) : (
            <p
              className="mt-1 font-display text-5xl font-black tabular-nums leading-none text-foreground"
              data-testid="member-count"
            >
              {count}
            </p>
          )}
          <p className="mt-2 text-sm text-muted-foreground">athletes in the tribe</p>
        </div>
        <span className="grid size-12 place-items-center rounded-xl bg-primary/15 text-brand">
          <Users aria-hidden="true" className="size-6" />
        </span>
      </div>
    </Card>
  );
}
