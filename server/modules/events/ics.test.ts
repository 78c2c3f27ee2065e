import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendar, escapeText, fold, utc } from './ics';

const octets = (s: string) => new TextEncoder().encode(s).length;

describe('the iCalendar writer (decision 82)', () => {
  it('escapes text as RFC 5545 says', () => {
    expect(escapeText('a,b;c\\d\ne\r\nf')).toBe('a\\,b\\;c\\\\d\\ne\\nf');
  });

  it('writes UTC times with Z', () => {
    expect(utc(new Date('2026-12-07T18:30:05.123Z'))).toBe('20261207T183005Z');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}${'x'.repeat(50)}🏈🏈🏈`;
    const folded = fold(line);
    for (const part of folded.split('\r\n')) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((p) => p.startsWith(' ')),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(fold('SHORT:line')).toBe('SHORT:line');
  });

  it('makes a calendar that an iCalendar library reads back', () => {
    const summary = 'Film study, week 3; bring notes\\laptop — «ça va»';
    const description = 'Line one\nLine two, with a comma; and a semicolon. '.repeat(5);
    const text = calendar(
      [
        {
          uid: 'abc@tribe36.example',
          stamp: new Date('2026-12-01T00:00:00Z'),
          start: new Date('2026-12-08T18:00:00Z'),
          end: new Date('2026-12-08T19:30:00Z'),
          summary,
          description,
          url: 'https://tribe36.example/events?event=abc',
          location: 'Gym B, 2nd floor',
          sequence: 2,
        },
      ],
      'Tribe36 sessions',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const vcal = new ICAL.Component(ICAL.parse(text));
    const [ve] = vcal.getAllSubcomponents('vevent');
    const ev = new ICAL.Event(ve);
    expect(ev.uid).toBe('abc@tribe36.example');
    expect(ev.summary).toBe(summary);
    expect(ev.description).toBe(description);
    expect(ev.location).toBe('Gym B, 2nd floor');
    expect(ev.sequence).toBe(2);
    expect(ev.startDate.toJSDate().toISOString()).toBe('2026-12-08T18:00:00.000Z');
    expect(ev.endDate.toJSDate().toISOString()).toBe('2026-12-08T19:30:00.000Z');
    expect(ev.startDate.zone?.tzid).toBe('UTC');
    expect(ve!.getFirstPropertyValue('url')).toBe('https://tribe36.example/events?event=abc');
  });
});
