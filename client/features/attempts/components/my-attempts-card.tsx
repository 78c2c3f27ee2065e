import { ArrowRight, MessageSquareReply } from 'lucide-react';
import { Link } from 'wouter';
import { MY_ATTEMPTS_PATH } from '../../../lib/paths';
import { useMyAttempts } from '../api/get-my-attempts';

/**
 * On the home page (issue 30 part 4): 'My attempts — N new replies' while a coach's reply to one of
 * the member's attempts is unread, leading to My attempts; nothing otherwise.
 */
export function MyAttemptsCard() {
  const { unread } = useMyAttempts();
  if (!unread) return null;
  return (
    <section
      aria-labelledby="my-attempts-card-title"
      className="overflow-hidden rounded-xl border border-brand/50 bg-card text-card-foreground shadow-sm dark:shadow-black/40"
    >
      <Link
        href={MY_ATTEMPTS_PATH}
        className="group flex items-center gap-3 px-4 py-3 transition-colors hover:bg-accent/40 focus-visible:-outline-offset-2 sm:gap-4 sm:px-5 sm:py-4"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/15 text-brand sm:size-11">
          <MessageSquareReply aria-hidden="true" className="size-5" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-xs font-bold uppercase tracking-[0.15em] text-brand">Coach replied</span>
          <h2 id="my-attempts-card-title" className="font-semibold sm:text-lg">
            My attempts — {unread} new {unread === 1 ? 'reply' : 'replies'}
          </h2>
          <span className="truncate text-xs text-muted-foreground sm:text-sm">Read what your coach said</span>
        </span>
        <ArrowRight
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
        />
      </Link>
    </section>
  );
}
