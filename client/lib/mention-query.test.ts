import { describe, expect, it } from 'vitest';
import { insertMention, mentionQueryAt } from './mention-query';

describe('the mention being typed', () => {
  it.each([
    ['hi @ze', 6, { start: 3, query: 'ze' }],
    ['@zel', 4, { start: 0, query: 'zel' }],
    ['(@kobe-2', 8, { start: 1, query: 'kobe-2' }],
    ['hi @zelda there', 9, { start: 3, query: 'zelda' }],
  ])('%j at %i', (text, caret, expected) => {
    expect(mentionQueryAt(text, caret)).toEqual(expected);
  });

  it.each([
    ['hi @z', 5],
    ['hi @zelda ', 10],
    ['mail a@bc', 9],
    ['no at here', 10],
    [`@${'x'.repeat(31)}`, 32],
  ])('none in %j at %i', (text, caret) => {
    expect(mentionQueryAt(text, caret)).toBeNull();
  });

  it('inserts the handle and a space, the caret after them', () => {
    expect(insertMention('hi @ze', { start: 3, query: 'ze' }, 6, 'zelda')).toEqual({
      text: 'hi @zelda ',
      caret: 10,
    });
    // Typed in the middle of a word: the rest of it goes, a following space is kept.
    expect(insertMention('hi @zelx there', { start: 3, query: 'ze' }, 6, 'zelda')).toEqual({
      text: 'hi @zelda there',
      caret: 10,
    });
  });
});
