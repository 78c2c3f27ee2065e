import { ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { AREA_TITLES, lessonHeading, type Lesson } from '@common/curriculum';
import { THINK_TANK_ICONS } from '../../../components/think-tank-icons';
import { useCurrentUser } from '../../../lib/current-user';
import { deviceStorage, nextLessonFor, rememberLesson } from '../next-lesson';
import { lessonPath } from '../../../lib/paths';

/** Remembers on this device that the signed-in member opened `lesson`, for their home page. */
export function useRememberLesson(lesson: Lesson | null) {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  // The lesson object is made anew on every render; its path says when it changed.
  const path = lesson ? lessonPath(lesson) : null;
  const latest = useRef(lesson);
  latest.current = lesson;
  useEffect(() => {
    if (userId && path && latest.current) rememberLesson(deviceStorage(), userId, latest.current);
  }, [userId, path]);
}

/**
 * The member's next lesson, for their home page: the lesson they last opened on this device ('Continue
 * where you left off') with the one after it, or the curriculum's first ('Start here').
 */
export function NextLessonCard({ userId }: { userId: string }) {
  // Read once: the member's home is drawn in the browser only, and the lessons are opened elsewhere.
  const [{ lesson, resumed, upNext }] = useState(() => nextLessonFor(deviceStorage(), userId));
  const Icon = THINK_TANK_ICONS[lesson.area];
  return (
    <section
      aria-labelledby="next-lesson-title"
      className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm dark:shadow-black/40"
    >
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
            {resumed ? 'Continue where you left off' : 'Start here'}
          </span>
          <span className="truncate font-semibold sm:text-lg">{lessonHeading(lesson)}</span>
          <span className="truncate text-xs text-muted-foreground sm:text-sm">
            {AREA_TITLES[lesson.area]} · {lesson.topic.title}
          </span>
        </span>
        <ArrowRight
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
        />
      </Link>
      {upNext ? (
        <Link
          href={lessonPath(upNext)}
          className="flex min-w-0 items-center gap-2 border-t px-4 py-2.5 text-sm transition-colors hover:bg-accent/40 focus-visible:-outline-offset-2 sm:px-5"
        >
          <span className="shrink-0 text-xs font-bold uppercase tracking-[0.15em] text-muted-foreground">
            Up next
          </span>
          <span className="truncate font-medium">{lessonHeading(upNext)}</span>
        </Link>
      ) : null}
    </section>
  );
}
