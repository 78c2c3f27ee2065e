import { Target } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { AssignmentItem } from '@common/contracts/assignments';
import { ASSIGNMENT_PARAM, DRILLS_PATH } from '@common/notification-links';
import { formatDue } from '@common/contracts/assignments-values';
import { DrillStatusBadge } from '../../../components/drill-status';
import { useCurrentUser } from '../../../lib/current-user';
import { whenIdle } from '../../../lib/when-idle';
import { useAssignments } from '../api/get-assignments';
import type { DrillLesson } from '../drill-lessons';

/** How long after its due time a drill done on this lesson is still shown here, with its status. */
const DONE_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;

const sameLesson = (a: DrillLesson, b: DrillLesson) =>
  a.thinkTank === b.thinkTank && a.topic === b.topic && a.lesson === b.lesson;

/** This lesson's drills worth a word: open or missed, and those done whose due time is less than a week ago. */
export function lessonDrills(items: readonly AssignmentItem[], lesson: DrillLesson, now: number) {
  return items
    .filter(
      (i) =>
        sameLesson(i.lesson, lesson) &&
        (i.status === 'open' || i.status === 'missed' || Date.parse(i.dueAt) > now - DONE_SHOWN_MS),
    )
    .sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
}

/**
 * On a lesson's page, for a member (issue 34 §1, decision 81): the drills a coach set on this lesson,
 * when each is due and how it stands, and what completes one (an attempt posted here). Asked once the
 * page is idle, so it costs the page's start nothing; it stands below the lesson's controls, where its
 * arrival moves nothing in view. An attempt posted on the page reads it again (Done).
 */
export function LessonDrills({ lesson }: { lesson: DrillLesson }) {
  const user = useCurrentUser().user;
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), 3000), []);
  const drills = useAssignments({}, { enabled: idle && Boolean(user) && !user?.isAdmin });
  const items = lessonDrills(drills.data?.items ?? [], lesson, Date.now());
  if (!drills.data || items.length === 0) return null;
  const timeZone = drills.data.timeZone;
  return (
    <section
      aria-label="Your drill on this lesson"
      className="grid gap-2 rounded-xl border border-brand/40 bg-brand/5 p-3 text-sm"
    >
      {items.map((item) => (
        <div key={item.id} className="grid gap-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex items-center gap-2 font-semibold">
              <Target className="size-4 text-brand" aria-hidden="true" />
              <span>
                {item.coach ? `Assigned by ${item.coach.name}` : 'Assigned'}: due{' '}
                <time dateTime={item.dueAt}>{formatDue(item.dueAt, timeZone)}</time>
              </span>
            </p>
            <DrillStatusBadge status={item.status} />
          </div>
          {item.note ? (
            <p className="whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">{item.note}</p>
          ) : null}
          <p className="text-muted-foreground">
            {item.status === 'open'
              ? 'Post an attempt to this lesson to complete it. '
              : item.status === 'missed'
                ? 'Its due time has passed; an attempt posted now still counts, as done late. '
                : ''}
            <Link
              href={`${DRILLS_PATH}?${new URLSearchParams({ [ASSIGNMENT_PARAM]: item.id })}`}
              className="text-brand hover:underline"
            >
              My drills
            </Link>
          </p>
        </div>
      ))}
    </section>
  );
}
