import { MAIN } from './curriculum';
import type { NotificationTarget } from './contracts/notifications';

/**
 * Where a notification leads, as one address scheme for the bell, mail and push (decision 59): the page
 * that shows the thing, with `?message=<id>` naming the message to scroll to and highlight, and `t=<s>`
 * the video time of a discussion message. Query parameters, not a fragment, so the same link works from a
 * mail or a push on a page that is not open yet (the page reads them once it has its messages).
 *
 * - a chat message: `/?message=123` (the community chat is on the member's home);
 * - a discussion message: `/think-tanks/intellectual/understanding-enemy/interception-deception?message=45&t=12.5`
 *   (a single-page Think Tank: `/think-tanks/physiological?message=45`);
 * - an attempt: where it was posted (its discussion message or chat message), as above;
 * - a lesson: its page; the reports queue: `/admin/reports`; membership: `/`;
 * - a drill: `/drills?assignment=<id>`; a session: `/events?event=<id>` (issue 34).
 */

/** The drills page (issue 34) and its query parameter naming the drill to scroll to and highlight. */
export const DRILLS_PATH = '/drills';
export const ASSIGNMENT_PARAM = 'assignment';
/** The events page (issue 34) and its query parameter naming the session to scroll to and highlight. */
export const EVENTS_PATH = '/events';
export const EVENT_PARAM = 'event';

/** The query parameter naming the message to scroll to and highlight. */
export const MESSAGE_PARAM = 'message';
/** The query parameter holding a discussion message's video time, in seconds. */
export const VIDEO_TIME_PARAM = 't';

/** The page of a lesson's discussion, from the slugs a notification keeps. */
export function lessonPagePath(thinkTank: string, topic: string, lesson: string): string {
  const area = encodeURIComponent(thinkTank);
  if (topic === MAIN && lesson === MAIN) return `/think-tanks/${area}`;
  return `/think-tanks/${area}/${encodeURIComponent(topic)}/${encodeURIComponent(lesson)}`;
}

function withMessage(path: string, messageId: number, videoSeconds?: number | null): string {
  const query = new URLSearchParams({ [MESSAGE_PARAM]: String(messageId) });
  if (videoSeconds != null && Number.isFinite(videoSeconds) && videoSeconds >= 0)
    query.set(VIDEO_TIME_PARAM, String(Math.round(videoSeconds * 10) / 10));
  return `${path}?${query.toString()}`;
}

/**
 * The address of a notification's target: a path (`/?message=123`) or, given the site's origin
 * (`https://tribe36.example.com`, no trailing slash), the full link for a mail or a push.
 */
export function notificationUrl(target: NotificationTarget, origin = ''): string {
  return `${origin.replace(/\/+$/, '')}${notificationPath(target)}`;
}

function notificationPath(target: NotificationTarget): string {
  switch (target.type) {
    case 'chat':
      return withMessage('/', target.messageId);
    case 'discussion':
      return withMessage(
        lessonPagePath(target.thinkTank, target.topic, target.lesson),
        target.messageId,
        target.videoSeconds,
      );
    case 'attempt':
      return target.where.kind === 'chat'
        ? withMessage('/', target.where.messageId)
        : withMessage(
            lessonPagePath(target.where.thinkTank, target.where.topic, target.where.lesson),
            target.where.messageId,
          );
    case 'lesson':
      return lessonPagePath(target.thinkTank, target.topic, target.lesson);
    case 'reports':
      return '/admin/reports';
    case 'home':
      return '/';
    case 'assignment':
      return `${DRILLS_PATH}?${new URLSearchParams({ [ASSIGNMENT_PARAM]: target.assignmentId }).toString()}`;
    case 'event':
      return `${EVENTS_PATH}?${new URLSearchParams({ [EVENT_PARAM]: target.eventId }).toString()}`;
  }
}

/**
 * The message a page was asked to show (`?message=123`) and the video time (`t=12.5`), read from the
 * address's query string (with or without its `?`); null when absent or not a positive whole number.
 */
export function messageTargetFromSearch(search: string): {
  messageId: number;
  videoSeconds: number | null;
} | null {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const raw = query.get(MESSAGE_PARAM);
  if (raw === null || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const messageId = Number(raw);
  if (!Number.isSafeInteger(messageId)) return null;
  const t = query.get(VIDEO_TIME_PARAM);
  const seconds = t === null || t.trim() === '' ? NaN : Number(t);
  return { messageId, videoSeconds: Number.isFinite(seconds) && seconds >= 0 ? seconds : null };
}
