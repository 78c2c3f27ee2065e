/**
 * A small iCalendar writer (RFC 5545) for the sessions' .ics files and the members' feeds (decision
 * 82): text escaped (§3.3.11), lines folded at 75 octets without splitting a UTF-8 character
 * (§3.1), CRLF line ends, times in UTC (`…Z`).
 */

/** One VEVENT as the calendar file shows it. */
export type IcsEvent = {
  uid: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string | null;
  /** The event's page in the app. */
  url: string;
  location: string | null;
  sequence: number;
};

/** Escapes a TEXT value: backslash, semicolon, comma, and line breaks as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A UTC date-time, `20261207T183000Z`. */
export function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/**
 * Folds a content line so that no line is longer than 75 octets: each continuation starts with one
 * space (which counts in its 75). Characters are never split.
 */
export function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (size + n > limit) {
      out.push(current);
      current = '';
      size = 0;
      limit = 74; // The leading space of a continuation line is one of its 75 octets.
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** Control characters other than line breaks and tab are not allowed in iCalendar text. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const clean = (v: string) => v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

function vevent(e: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SEQUENCE:${e.sequence}`,
    `SUMMARY:${escapeText(clean(e.summary))}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${escapeText(clean(e.description))}`);
  if (e.location) lines.push(`LOCATION:${escapeText(clean(e.location))}`);
  lines.push(`URL:${clean(e.url)}`, 'END:VEVENT');
  return lines;
}

/** A whole VCALENDAR holding these events, with CRLF line ends and folded lines. */
export function calendar(events: readonly IcsEvent[], name?: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Tribe36//Sessions//EN', 'CALSCALE:GREGORIAN'];
  if (name) lines.push(`X-WR-CALNAME:${escapeText(clean(name))}`, 'METHOD:PUBLISH');
  for (const e of events) lines.push(...vevent(e));
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
