import { ChevronRight, CircleCheck, MessageCircleReply } from 'lucide-react';
import { Link } from 'wouter';
import { AREA_TITLES, findTopic, lessonHeading, lessonsOf, type TopicArea } from '@common/curriculum';
import { lessonCount, lessonRange } from '../curriculum-labels';
import { thinkTankPath, lessonPath } from '../../../lib/paths';
import { CurriculumNotFound } from './curriculum-not-found';
import { DoneBar } from '../../../components/done-bar';
import { useProgress } from '../../../lib/progress';
import { entryOf } from '../progress-entries';
import { doneCount } from '@common/progress';
import { ThinkTankPageHeader } from './think-tank-page-header';

/** /think-tanks/{area}/{topic}: the topic's lessons, numbered from its start; 'Topic not found' otherwise. */
export function TopicLessons({ area, topicSlug }: { area: TopicArea; topicSlug: string }) {
  const topic = findTopic(area, topicSlug);
  const progress = useProgress().data;
  if (!topic) {
    return (
      <CurriculumNotFound
        title="Topic not found"
        text={`The ${AREA_TITLES[area]} Think Tank has no such topic.`}
        backHref={thinkTankPath(area)}
        backLabel={`${AREA_TITLES[area]} topics`}
      />
    );
  }
  const lessons = lessonsOf(topic);
  return (
    <div className="grid gap-8">
      <ThinkTankPageHeader
        area={area}
        title={topic.title}
        trail={[{ label: AREA_TITLES[area], href: thinkTankPath(area) }, { label: topic.title }]}
      >
        Lessons {lessonRange(topic)} · {lessonCount(lessons.length)}
      </ThinkTankPageHeader>
      <DoneBar
        count={progress && doneCount(progress.lessons, area, topic.slug)}
        label={`${topic.title} lessons done`}
        className="max-w-sm"
      />
      <ol
        aria-label={`${topic.title} lessons`}
        className="grid overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm dark:shadow-black/40"
      >
        {lessons.map((lesson) => {
          const entry = entryOf(progress, { thinkTank: area, topic: topic.slug, lesson: lesson.slug });
          const done = Boolean(entry?.doneAt);
          const unread = Boolean(entry?.unread);
          return (
            <li key={lesson.slug} className="border-b last:border-b-0">
              <Link
                href={lessonPath(lesson)}
                className="group flex items-center gap-4 px-4 py-3.5 transition-colors hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-6 sm:py-4"
              >
                <span
                  aria-hidden="true"
                  className="grid h-10 min-w-14 shrink-0 place-items-center rounded-lg bg-primary/15 px-2 font-display text-lg font-black tabular-nums text-brand"
                >
                  {lesson.number}
                </span>
                <span className="sr-only">{lessonHeading(lesson)}</span>
                {/* On a phone the pill goes under the title, never beside it: the title keeps the row's width. */}
                <span className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-4">
                  <span aria-hidden="true" className="min-w-0 font-semibold sm:flex-1 sm:text-lg">
                    {lesson.title}
                  </span>
                  {unread ? (
                    <span className="flex shrink-0 items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-brand">
                      <MessageCircleReply aria-hidden="true" className="size-3.5" />
                      <span className="hidden sm:inline">New reply from your coach</span>
                      <span className="sm:hidden">New reply</span>
                    </span>
                  ) : null}
                </span>
                {/* Always in place, so the row does not move when progress arrives. */}
                <span className="grid size-6 shrink-0 place-items-center">
                  {done ? <CircleCheck aria-hidden="true" className="size-6 text-brand" /> : null}
                </span>
                {done ? <span className="sr-only">, done</span> : null}
                <ChevronRight
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
                />
              </Link>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
