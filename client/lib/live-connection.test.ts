import { describe, expect, it } from 'vitest';
import { liveUrl, unionOf } from './live-connection';

const lesson = { thinkTank: 'intellectual', topic: 'understanding-self', lesson: 'systems-theory' };
const other = { thinkTank: 'physiological', topic: 'main', lesson: 'main' };

describe('the live connection (decision 58)', () => {
  it('carries the chat when any page asks for it, and the discussion declared last', () => {
    expect(unionOf([])).toEqual({});
    expect(unionOf([{ chat: true }, {}])).toEqual({ chat: true });
    expect(unionOf([{ discussion: lesson }, { chat: true }, { discussion: other }])).toEqual({
      chat: true,
      discussion: other,
    });
  });

  it('names its topics in the URL, and the chat place only with the chat', () => {
    expect(liveUrl({})).toBe('/api/live');
    expect(liveUrl({ chat: true })).toBe('/api/live?chat=1');
    expect(liveUrl({ chat: true, discussion: lesson }, '42')).toBe(
      '/api/live?chat=1&discussion=intellectual%2Funderstanding-self%2Fsystems-theory&lastEventId=42',
    );
    expect(liveUrl({ discussion: other }, '42')).toBe('/api/live?discussion=physiological%2Fmain%2Fmain');
  });
});
