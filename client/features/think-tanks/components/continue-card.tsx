import { ArrowRight, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { AREA_TITLES, findLesson, lessonHeading } from '@common/curriculum';
import { THINK_TANK_ICONS } from '../../../components/think-tank-icons';
import { Skeleton } from '../../../components/ui/spinner';
import { lessonPath } from '../../../lib/paths';
import { useProgress } from '../../../lib/progress';

/**
 * The member's next lesson on their home page (issue 18): 'Continue: 203 · Systems Theory', the lesson
 * the server's progress offers (docs/decisions.md decision 36), or 'Start here' before any lesson was
 * opened; when all 36 are done, says so.
 */
export function ContinueCard() {
  const progress = useProgress();
  const next = progress.data?.continue;
  const lesson = next ? findLesson(next.thinkTank, next.topic, next.lesson) : null;
  const started = (progress.data?.lessons.length ?? 0) > 0;
  const frame =
    'overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm dark:shadow-black/40';
  if (progress.isPending || progress.isError) {
    return (
      <section aria-label="Your next lesson" aria-busy={progress.isPending} className={frame}>
        <div className="flex items-center gap-3 px-4 py-3 sm:gap-4 sm:px-5 sm:py-4">
          <Skeleton className="size-10 shrink-0 rounded-lg sm:size-11" />
          <span className="grid flex-1 gap-1.5">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-5 w-48 max-w-full" />
            <Skeleton className="h-3 w-32" />
          </span>
        </div>
      </section>
    );
  }
  if (!lesson) {
    return (
      <section aria-labelledby="next-lesson-title" className={frame}>
        <div className="flex items-center gap-3 px-4 py-3 sm:gap-4 sm:px-5 sm:py-4">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/15 text-brand sm:size-11">
            <Trophy aria-hidden="true" className="size-5" />
          </span>
          <span className="grid gap-0.5">
            <h2 id="next-lesson-title" className="font-semibold sm:text-lg">
              All 36 lessons done
            </h2>
            <span className="text-xs text-muted-foreground sm:text-sm">
              Revisit any lesson from the Think Tanks menu.
            </span>
          </span>
        </div>
      </section>
    );
  }
  const Icon = THINK_TANK_ICONS[lesson.area];
  const heading = lessonHeading(lesson);
  return (
    <section aria-labelledby="next-lesson-title" className={frame}>
      <h2 id="next-lesson-title" className="sr-only">
        Your next lesson
      </h2>
      <Link
        href={lessonPath(lesson)}
        className="group flex items-center gap-3 px-4 py-3 transition-colors hover:bg-accent/40 focus-visible:-outline-offset-2 sm:gap-4 sm:px-5 sm:py-4"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/15 text-brand sm:size-11">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-xs font-bold uppercase tracking-[0.15em] text-brand">
            {started ? 'Continue' : 'Start here'}
          </span>
          <span className="truncate font-semibold sm:text-lg">{heading}</span>
          <span className="truncate text-xs text-muted-foreground sm:text-sm">
            {AREA_TITLES[lesson.area]} · {lesson.topic.title}
          </span>
        </span>
        <ArrowRight
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
        />
      </Link>
    </section>
  );
}
