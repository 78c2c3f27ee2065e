// The values of ./assignments that the client uses, without its zod schemas (docs/decisions.md decision 67).

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
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall-clock fields of instant `t` in `timeZone`. */
function partsIn(t: number, timeZone: string): Parts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at instant `t`, in milliseconds. */
function offsetAt(t: number, timeZone: string): number {
  const p = partsIn(t, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (t - (((t % 1000) + 1000) % 1000));
}

/**
 * The instant at which `timeZone`'s clocks read `date` ('2026-12-15') and `time` ('18:00'); a time
 * skipped by a change to summer time is read with the offset before it. Null for a malformed date.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const h = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !h) return null;
  const guess = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(h[1]), Number(h[2]));
  if (Number.isNaN(guess)) return null;
  const first = offsetAt(guess, timeZone);
  let utc = guess - first;
  const second = offsetAt(utc, timeZone);
  if (second !== first) utc = guess - second;
  return new Date(utc);
}

/** The day an instant falls on in `timeZone`, as 'YYYY-MM-DD' (the profile calendar's day key). */
export function dayKeyIn(at: Date | string | number, timeZone: string): string {
  const p = partsIn(new Date(at).getTime(), timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
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
