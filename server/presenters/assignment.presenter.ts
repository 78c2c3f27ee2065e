import { assignmentStatus } from '../../common/contracts/assignments-values';
import type { AssignmentItem as Item } from '../../common/contracts/assignments';
import { AREA_TITLES, findLesson, isThinkTank, lessonHeading } from '../../common/curriculum';
import type { AssignmentMemberRecord } from '../db/repositories/assignments.repository';

/** '214 · Interception Deception', or the area's name for a single-page Think Tank ('Physiological'). */
export function drillTitle(thinkTank: string, topic: string, lesson: string): string {
  const found = findLesson(thinkTank, topic, lesson);
  if (found) return lessonHeading(found);
  return isThinkTank(thinkTank) ? AREA_TITLES[thinkTank] : `${thinkTank}/${topic}/${lesson}`;
}

/** A drill's lesson as the contract shows it. */
export function presentDrillLesson(r: { thinkTank: string; topicSlug: string; lessonSlug: string }) {
  return {
    thinkTank: r.thinkTank,
    topic: r.topicSlug,
    lesson: r.lessonSlug,
    title: drillTitle(r.thinkTank, r.topicSlug, r.lessonSlug),
  };
}

/** The coach who set a drill; null once their account is gone or deleted. */
export function presentDrillCoach(
  r: Pick<AssignmentMemberRecord, 'coachName' | 'coachUsername' | 'coachDeleted'>,
) {
  if (r.coachName === null || r.coachUsername === null || r.coachDeleted) return null;
  return { name: r.coachName, username: r.coachUsername };
}

/**
 * One member's drill (decision 81): its status at `now`; a completion whose attempt was deleted
 * (attempt_id set null, not yet worked out again) counts as none.
 */
export function presentAssignmentItem(r: AssignmentMemberRecord, now: number): Item {
  const completedAt = r.attemptId !== null ? r.completedAt : null;
  return {
    id: r.id,
    lesson: presentDrillLesson(r),
    dueAt: r.dueAt.toISOString(),
    note: r.note,
    everyone: r.everyone,
    createdAt: r.createdAt.toISOString(),
    coach: presentDrillCoach(r),
    member: { id: r.userId, name: r.name, username: r.username },
    status: assignmentStatus(r.dueAt, completedAt, now),
    completedAt: completedAt ? completedAt.toISOString() : null,
    attemptId: completedAt ? r.attemptId : null,
  };
}
