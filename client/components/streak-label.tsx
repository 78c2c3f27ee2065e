import { Flame } from 'lucide-react';
import { cn } from '../lib/utils';

/** "3-week streak": weeks in a row with an attempt (decision 83), with a flame and in words, never colour alone. */
export function streakText(weeks: number): string {
  return `${weeks}-week streak`;
}

/** A member's streak as a small label (the profile card, the board); nothing below one week. */
export function StreakLabel({ weeks, className }: { weeks: number; className?: string }) {
  if (weeks < 1) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-xs font-medium text-orange-700 dark:text-orange-300',
        className,
      )}
    >
      <Flame aria-hidden="true" className="size-3.5 shrink-0" />
      {streakText(weeks)}
    </span>
  );
}
