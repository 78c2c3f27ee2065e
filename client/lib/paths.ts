import type { Lesson, ThinkTank, Topic } from '@common/curriculum';

/** The signed-in member's own profile page. */
export const PROFILE_PATH = '/profile';

/** Where the signed-in member edits their profile. */
export const PROFILE_EDIT_PATH = '/profile/edit';

/** The signed-in member's Settings: the theme, and their account (e-mail, password, deletion). */
export const SETTINGS_PATH = '/settings';

/** The coaches' review of members' attempts (admins, issue 30). */
export const ATTEMPTS_REVIEW_PATH = '/attempts/review';

/** The member's own attempts and their coaches' replies (issue 30 part 4). */
export const MY_ATTEMPTS_PATH = '/attempts';

/**
 * Drills a coach assigns (issue 34 §1, decision 81): a member's own, a coach's across members. A copy of
 * common/notification-links.ts's DRILLS_PATH (which would bring the curriculum into the entry, decision
 * 80); paths.test.ts checks that they agree.
 */
export const DRILLS_PATH = '/drills';

/**
 * The sessions (issue 34 §2, decision 82) and the query parameter naming one to bring into view: copies of
 * common/notification-links.ts's EVENTS_PATH and EVENT_PARAM (which would bring the curriculum along,
 * decision 80); client/features/events/event-links.test.ts checks that they agree.
 */
export const EVENTS_PATH = '/events';
export const EVENT_PARAM = 'event';
/** '/events?event=<id>': the events page with that session in view. */
export const eventPagePath = (id: string) => `${EVENTS_PATH}?${EVENT_PARAM}=${encodeURIComponent(id)}`;

/** The leaderboard (issue 34 §3, decision 83): the week's, month's and all time's points. */
export const LEADERBOARD_PATH = '/leaderboard';

/** The public page of a member: '/member/zelda', the username encoded ('a b' → '/member/a%20b'). */
export function memberPath(username: string): string {
  return `/member/${encodeURIComponent(username)}`;
}

/**
 * The page of a message's author, or null when there is none: a deleted member's messages come with
 * an empty username (they are signed 'Deleted member').
 */
export function memberHref(username: string): string | null {
  return username === '' ? null : memberPath(username);
}

/** The page of a Think Tank: '/think-tanks/intellectual'. */
export function thinkTankPath(area: ThinkTank): string {
  return `/think-tanks/${area}`;
}

/** '/think-tanks/intellectual/understanding-enemy' */
export function topicPath(topic: Pick<Topic, 'area' | 'slug'>): string {
  return `${thinkTankPath(topic.area)}/${topic.slug}`;
}

/** '/think-tanks/intellectual/understanding-enemy/interception-deception' */
export function lessonPath(lesson: Pick<Lesson, 'area' | 'topic' | 'slug'>): string {
  return `${topicPath(lesson.topic)}/${lesson.slug}`;
}

/** The coaches' Community page: who can join, join requests and invitations (decision 54). */
export const COMMUNITY_ADMIN_PATH = '/admin/community';

/** The coaches' report queue (decision 55). */
export const REPORTS_ADMIN_PATH = '/admin/reports';

/** The coaches' moderation log (decision 53). */
export const AUDIT_ADMIN_PATH = '/admin/audit';

/** The member's notifications, newest first (decision 59). */
export const NOTIFICATIONS_PATH = '/notifications';
