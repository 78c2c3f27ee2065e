// The values of ./assignments that the client uses, without its zod schemas (docs/decisions.md decision 67).
import { canonicalTimeZone, localDateKey, localTimeToUtc } from '../community-time';

/** A drill's state for one member (decision 81). */
export const ASSIGNMENT_STATUSES = ['open', 'done', 'late', 'missed'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** The words shown for each status, beside its colour (never colour alone). */
export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = {
  open: 'Open',
  done: 'Done',
  late: 'Done late',
  missed: 'Missed',
};

/** A coach's note on a drill: at most this many characters. */
export const ASSIGNMENT_NOTE_MAX_LENGTH = 1000;
/** Members named in one assignment: at most this many (more: assign it to everyone). */
export const ASSIGNMENT_MEMBERS_MAX = 500;
/** GET /api/assignments: items per page, by default and at most. */
export const ASSIGNMENTS_LIMIT_DEFAULT = 100;
export const ASSIGNMENTS_LIMIT_MAX = 200;
/** The reminder (`assignment-due`) is sent this long before the due time, if the drill is still open. */
export const ASSIGNMENT_REMINDER_MS = 24 * 60 * 60 * 1000;

/**
 * A member's drill status (decision 81): done when an attempt to its lesson was posted on or before
 * the due time, late when after it; without one, missed once the due time has passed, else open.
 */
export function assignmentStatus(
  dueAt: Date | string | number,
  completedAt: Date | string | number | null,
  now: number,
): AssignmentStatus {
  const due = new Date(dueAt).getTime();
  if (completedAt !== null) return new Date(completedAt).getTime() <= due ? 'done' : 'late';
  return now > due ? 'missed' : 'open';
}

/** Whether `timeZone` is an IANA zone name this runtime knows ('UTC', 'Europe/Paris'). */
export function isTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null;
}

/**
 * The instant at which `timeZone`'s clocks read `date` ('2026-12-15') and `time` ('18:00'), by
 * `localTimeToUtc`'s rules (a time skipped by a change to summer time lands just after the jump).
 * Null for a malformed date or time.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const h = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !h) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], h[1], h[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return new Date(localTimeToUtc(year, month, day, hour, minute, timeZone));
}

/** The day an instant falls on in `timeZone`, as 'YYYY-MM-DD' (the profile calendar's day key). */
export function dayKeyIn(at: Date | string | number, timeZone: string): string {
  return localDateKey(new Date(at).getTime(), timeZone);
}

/** A due time as members read it, in the community's time zone: 'Tue 15 Dec 2026, 18:00 (Europe/Paris)'. */
export function formatDue(at: Date | string | number, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
  return `${text} (${timeZone})`;
}
