import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { lessonHeading, lessonsOf, type Lesson } from '@common/curriculum';
import { cn } from '../../../lib/utils';
import { lessonPath } from '../../../lib/paths';

function PagerLink({ lesson, direction }: { lesson: Lesson; direction: 'previous' | 'next' }) {
  const next = direction === 'next';
  return (
    <Link
      href={lessonPath(lesson)}
      className={cn(
        'group flex min-w-0 items-center gap-3 rounded-xl border bg-card px-4 py-3 transition-colors hover:border-primary/60 hover:bg-accent/30',
        next && 'flex-row-reverse text-right sm:col-start-2',
      )}
    >
      {next ? (
        <ArrowRight
          aria-hidden="true"
          className="size-4 shrink-0 text-muted-foreground group-hover:text-brand"
        />
      ) : (
        <ArrowLeft
          aria-hidden="true"
          className="size-4 shrink-0 text-muted-foreground group-hover:text-brand"
        />
      )}
      <span className="grid min-w-0">
        <span className="text-xs font-bold uppercase tracking-[0.15em] text-muted-foreground">
          {next ? 'Next lesson' : 'Previous lesson'}
        </span>
        <span className="truncate font-semibold">{lessonHeading(lesson)}</span>
      </span>
    </Link>
  );
}

/** The lessons before and after this one in its topic. */
export function LessonPager({ lesson }: { lesson: Lesson }) {
  const lessons = lessonsOf(lesson.topic);
  const index = lessons.findIndex((l) => l.slug === lesson.slug);
  const previous = lessons[index - 1];
  const next = lessons[index + 1];
  if (!previous && !next) return null;
  return (
    <nav aria-label="Lessons" className="grid gap-3 sm:grid-cols-2">
      {previous ? <PagerLink lesson={previous} direction="previous" /> : null}
      {next ? <PagerLink lesson={next} direction="next" /> : null}
    </nav>
  );
}
