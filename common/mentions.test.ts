import { describe, expect, it } from 'vitest';
import { excerptOf, mentionedHandles, mentionSpans, MENTIONS_MAX } from './mentions';

describe('mentions', () => {
  it.each([
    ['hi @zelda', ['zelda']],
    ['@zelda hi', ['zelda']],
    ['@zelda, @kobe-24: look', ['zelda', 'kobe-24']],
    ['(@zelda) and @kobe.', ['zelda', 'kobe']],
    ['@zelda! @kobe? @sam;', ['zelda', 'kobe', 'sam']],
    ['ask @Zelda-QB now', ['zelda-qb']],
    ['@zelda- dash', ['zelda']],
    ['@zelda @zelda @kobe', ['zelda', 'kobe']],
    ['line\n@zelda', ['zelda']],
  ])('%j mentions %j', (text, handles) => {
    expect(mentionedHandles(text)).toEqual(handles);
  });

  it.each([
    'write to a@b.com',
    'zelda@example.com',
    'see https://x.com/@zelda',
    'mail @b.com about it',
    'an @ alone',
    'a@@zelda',
    '@_zelda',
    `@${'x'.repeat(31)}`,
    'email.@zelda',
  ])('%j mentions nobody', (text) => {
    expect(mentionedHandles(text)).toEqual([]);
  });

  it('keeps a 30-character handle', () => {
    expect(mentionedHandles(`@${'x'.repeat(30)}`)).toEqual(['x'.repeat(30)]);
  });

  it('spans cover the @ and the handle, each time it appears', () => {
    const text = 'hey @zelda and @zelda.';
    const spans = mentionSpans(text);
    expect(spans).toEqual([
      { start: 4, end: 10, handle: 'zelda' },
      { start: 15, end: 21, handle: 'zelda' },
    ]);
    expect(text.slice(spans[1]!.start, spans[1]!.end)).toBe('@zelda');
  });

  it(`counts at most ${MENTIONS_MAX} members`, () => {
    const text = Array.from({ length: 25 }, (_, i) => `@m${i}`).join(' ');
    const handles = mentionedHandles(text);
    expect(handles).toHaveLength(MENTIONS_MAX);
    expect(handles.at(-1)).toBe(`m${MENTIONS_MAX - 1}`);
    // A handle already counted still shows as one after the limit.
    expect(mentionSpans(`${text} @m0`).at(-1)).toMatchObject({ handle: 'm0' });
  });

  it('excerpts cut at a word', () => {
    expect(excerptOf('  short\n text ')).toBe('short text');
    const long = 'word '.repeat(50);
    const cut = excerptOf(long, 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toMatch(/^word( word)*…$/);
  });
});
