import { Link } from 'wouter';
import { AREA_TITLES, TOPIC_AREAS } from '@common/curriculum';
import { doneCount } from '@common/progress';
import { DoneBar } from '../../../components/done-bar';
import { THINK_TANK_ICONS } from '../../../components/think-tank-icons';
import { Card, CardTitle } from '../../../components/ui/card';
import { useProgress } from '../../../lib/progress';
import { thinkTankPath } from '../../../lib/paths';

/** The member's own profile: their progress through each lesson area (issue 18). Nobody else sees it. */
export function LessonProgressCard() {
  const progress = useProgress().data;
  const total = progress
    ? TOPIC_AREAS.reduce((n, area) => n + doneCount(progress.lessons, area).done, 0)
    : null;
  return (
    <Card aria-labelledby="lesson-progress-title" className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id="lesson-progress-title">My Progress</CardTitle>
        <span className="text-sm text-muted-foreground">
          {total === null ? '' : `${total} of 36 lessons done`}
        </span>
      </div>
      <ul className="grid gap-4 sm:grid-cols-3">
        {TOPIC_AREAS.map((area) => {
          const Icon = THINK_TANK_ICONS[area];
          return (
            <li key={area} className="grid gap-2">
              <Link
                href={thinkTankPath(area)}
                className="flex items-center gap-2 font-semibold underline-offset-4 hover:text-brand hover:underline"
              >
                <Icon aria-hidden="true" className="size-4 text-brand" />
                {AREA_TITLES[area]}
              </Link>
              <DoneBar
                count={progress && doneCount(progress.lessons, area)}
                label={`${AREA_TITLES[area]} lessons done`}
              />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
