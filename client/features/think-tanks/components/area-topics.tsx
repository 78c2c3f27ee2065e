import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { AREA_TITLES, topicsOf, type TopicArea } from '@common/curriculum';
import { lessonCount, lessonRange } from '../curriculum-labels';
import { topicPath } from '../../../lib/paths';
import { ThinkTankPageHeader } from './think-tank-page-header';
import { DoneBar } from '../../../components/done-bar';
import { useProgress } from '../../../lib/progress';
import { doneCount } from '@common/progress';

/** /think-tanks/{area}: one card per topic with its lesson numbers and count, each opening the topic. */
export function AreaTopics({ area }: { area: TopicArea }) {
  const topics = topicsOf(area);
  const lessons = topics.reduce((sum, t) => sum + t.lessons.length, 0);
  const progress = useProgress().data;
  return (
    <div className="grid gap-8">
      <ThinkTankPageHeader area={area} title={AREA_TITLES[area]} trail={[{ label: AREA_TITLES[area] }]}>
        {topics.length} topics · {lessonCount(lessons)}
      </ThinkTankPageHeader>
      <DoneBar
        count={progress && doneCount(progress.lessons, area)}
        label={`${AREA_TITLES[area]} lessons done`}
        className="max-w-sm"
      />
      <ul aria-label={`${AREA_TITLES[area]} topics`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {topics.map((topic) => (
          <li key={topic.slug} className="grid">
            <Link
              href={topicPath(topic)}
              className="group relative grid gap-4 overflow-hidden rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-colors hover:border-primary/60 hover:bg-accent/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring dark:shadow-black/40 sm:p-6"
            >
              <span
                aria-hidden="true"
                className="pointer-events-none absolute -right-8 -top-8 size-28 rounded-full bg-primary/10 blur-2xl transition-colors group-hover:bg-primary/20"
              />
              <span className="font-display text-4xl font-black tabular-nums leading-none text-brand">
                {lessonRange(topic)}
              </span>
              <span className="grid gap-1">
                <span className="text-xl font-black leading-tight">{topic.title}</span>
                <span className="text-sm text-muted-foreground">{lessonCount(topic.lessons.length)}</span>
              </span>
              <DoneBar
                count={progress && doneCount(progress.lessons, area, topic.slug)}
                label={`${topic.title} lessons done`}
                className="pr-8"
              />
              <ArrowRight
                aria-hidden="true"
                className="absolute bottom-5 right-5 size-5 text-muted-foreground transition-transform group-hover:translate-x-1 group-hover:text-brand sm:bottom-6 sm:right-6"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
