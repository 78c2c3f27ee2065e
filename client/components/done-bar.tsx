import { cn } from '../lib/utils';

/**
 * 'n of m done' with a bar (issue 18). Before progress is known it keeps its place, empty and hidden,
 * so nothing moves when it arrives (the Think Tank pages are drawn by the server, decision 33).
 */
export function DoneBar({
  count,
  label,
  className,
}: {
  count: { done: number; total: number } | undefined;
  /** What the bar measures, for screen readers: 'Understanding Self lessons done'. */
  label: string;
  className?: string;
}) {
  const done = count?.done ?? 0;
  const total = count?.total ?? 1;
  return (
    <span
      className={cn('grid gap-1.5', !count && 'invisible', className)}
      aria-hidden={count ? undefined : true}
    >
      {/* Read out once, as the bar's value. */}
      <span aria-hidden="true" className="text-sm text-muted-foreground">
        {count ? `${done} of ${total} done` : 'Loading progress'}
      </span>
      <span
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} done`}
        className="block h-1.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <span
          className="block h-full rounded-full bg-brand transition-[width] duration-300"
          style={{ width: `${Math.round((done / total) * 100)}%` }}
        />
      </span>
    </span>
  );
}
