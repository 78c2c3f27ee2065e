import type { Notification, NotificationTarget } from '@common/contracts/notifications';
import { findLesson, isThinkTank, lessonHeading, MAIN, AREA_TITLES, titleOf } from '@common/curriculum';

/** Where a lesson discussion is, as a member reads it: '214 · Interception Deception', 'Physiological'. */
export function placeOf(thinkTank: string, topic: string, lesson: string): string {
  const area = isThinkTank(thinkTank) ? AREA_TITLES[thinkTank] : titleOf(thinkTank);
  if (topic === MAIN && lesson === MAIN) return area;
  const found = findLesson(thinkTank, topic, lesson);
  return found ? lessonHeading(found) : titleOf(lesson);
}

function whereOf(target: NotificationTarget): string {
  switch (target.type) {
    case 'chat':
      return 'in the chat';
    case 'discussion':
    case 'lesson':
      return `in ${placeOf(target.thinkTank, target.topic, target.lesson)}`;
    case 'attempt':
      return target.where.kind === 'chat'
        ? 'in the chat'
        : `in ${placeOf(target.where.thinkTank, target.where.topic, target.where.lesson)}`;
    default:
      return '';
  }
}

/**
 * A notification as one sentence, split where the actor's name goes (shown bold): `actor` is the
 * member's name ('Someone' when none), `text` what follows it. `actor` is null for sentences without one.
 */
export function sentenceOf(n: Pick<Notification, 'kind' | 'actor' | 'target'>): {
  actor: string | null;
  text: string;
} {
  const actor = n.actor?.name ?? 'Someone';
  const where = whereOf(n.target);
  switch (n.kind) {
    case 'mention':
      return { actor, text: `mentioned you ${where}`.trim() };
    case 'discussion-reply':
      return { actor, text: `replied to your message ${where}`.trim() };
    case 'attempt-reply':
      return { actor, text: 'replied to your attempt' };
    case 'attempt-new':
      return { actor, text: `posted an attempt to review ${where}`.trim() };
    case 'report-new':
      return { actor, text: 'reported a message' };
    case 'lesson-video':
      return { actor: null, text: `A new video ${where || 'in a lesson you opened'}` };
    case 'membership-approved':
      return { actor: null, text: 'Your membership was approved. Welcome to the community!' };
    case 'moderation':
      return { actor: null, text: 'A coach removed your message' };
    case 'assignment-new':
      return { actor, text: 'assigned you a drill' };
    case 'assignment-due':
      return { actor: null, text: 'A drill is due within a day' };
    case 'event-reminder':
      return { actor: null, text: 'A session you are going to starts soon' };
    case 'event-changed':
      return { actor, text: 'changed a session you are going to' };
  }
}

/** The sentence as plain text (an accessible name, a title). */
export function plainSentenceOf(n: Pick<Notification, 'kind' | 'actor' | 'target'>): string {
  const { actor, text } = sentenceOf(n);
  return actor ? `${actor} ${text}` : text;
}
