import { Trophy } from 'lucide-react';
import { AREA_TITLES, findLesson, lessonHeading } from '@common/curriculum';
import { HOME_CARD_FRAME, LinkCard } from '../../../components/link-card';
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
  if (progress.isPending || progress.isError) {
    return (
      <section aria-label="Your next lesson" aria-busy={progress.isPending} className={HOME_CARD_FRAME}>
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
      <section aria-labelledby="next-lesson-title" className={HOME_CARD_FRAME}>
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
  return (
    <LinkCard
      href={lessonPath(lesson)}
      icon={THINK_TANK_ICONS[lesson.area]}
      eyebrow={started ? 'Continue' : 'Start here'}
      title={lessonHeading(lesson)}
      detail={`${AREA_TITLES[lesson.area]} · ${lesson.topic.title}`}
      headingId="next-lesson-title"
      hiddenHeading="Your next lesson"
    />
  );
}
