import { dateTimeFormat } from '../../lib/date-format';

// How the events page writes times: in the member's own time zone, said beside them (decision 82).

const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const ZONE: Intl.DateTimeFormatOptions = { hour: 'numeric', timeZoneName: 'short' };

/** "Tuesday 8 December" (the browser's locale). */
export const dayLabel = (at: Date) => dateTimeFormat(undefined, DAY).format(at);

/** A day's key in the member's time zone, to group sessions by. */
export const dayKey = (at: Date) => `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;

/** "6:00 PM". */
export const timeLabel = (at: Date) => dateTimeFormat(undefined, TIME).format(at);

/** The member's time zone as the browser names it ("CET", "GMT+1"). */
export function zoneLabel(at: Date): string {
  const part = dateTimeFormat(undefined, ZONE)
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** The IANA name of the member's time zone ("Europe/Paris"). */
export const zoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "1 h 30 min", "45 min", "2 h". */
export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** A local date-time input's value ("2026-12-08T18:00") for a Date. */
export function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
