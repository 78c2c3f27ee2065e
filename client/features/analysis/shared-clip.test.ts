import { describe, expect, it } from 'vitest';
import { noticeFor, sharedMarker, withoutMarker } from './shared-clip';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const P1 = 'Player 1 - Member 1';
const P2 = 'Player 2 - Member 2';

describe('a shared clip’s marker in the address (decision 63)', () => {
  it('is a share’s id, a problem, nothing, or a share no longer here', () => {
    expect(sharedMarker(`?shared=${ID}`)).toEqual({ id: ID });
    expect(sharedMarker('?shared=missed')).toEqual({ problem: 'missed' });
    expect(sharedMarker('?shared=failed')).toEqual({ problem: 'failed' });
    expect(sharedMarker('?other=1')).toBeNull();
    expect(sharedMarker('')).toBeNull();
    // Never a cache name made of what was typed.
    for (const value of ['..%2F', '%00', 'tribe36-offline-v1', `${ID}x`, ID.toUpperCase()]) {
      expect(sharedMarker(`?shared=${value}`), value).toEqual({ id: '' });
    }
  });

  it('comes out of the address, the rest kept', () => {
    expect(withoutMarker(`https://t.example/think-tanks/physiological?shared=${ID}`)).toBe(
      '/think-tanks/physiological',
    );
    expect(withoutMarker(`https://t.example/p?a=1&shared=${ID}&b=2#x`)).toBe('/p?a=1&b=2#x');
  });
});

describe('what the page says about a share', () => {
  const file = (name: string) => new File([''], name);
  it('names the clips it opened and where', () => {
    expect(noticeFor({ files: [file('a.mp4')], refused: [] }, [{ name: 'a.mp4', player: P1 }])).toEqual({
      tone: 'done',
      text: `Opened the shared a.mp4 in ${P1}.`,
    });
    expect(
      noticeFor({ files: [file('a.mp4'), file('b.jpg')], refused: [] }, [
        { name: 'a.mp4', player: P1 },
        { name: 'b.jpg', player: P2 },
      ]).text,
    ).toBe(`Opened the shared a.mp4 in ${P1} and b.jpg in ${P2}.`);
  });

  it('says what it did not open, and why', () => {
    expect(noticeFor({ files: [], refused: ['notes.txt'] }, [])).toEqual({
      tone: 'problem',
      text: 'notes.txt is not a video or an image: Side by Side opens videos and images only.',
    });
    expect(noticeFor({ files: [], refused: ['a.txt', 'b.pdf'] }, []).text).toBe(
      'a.txt and b.pdf are not a video or an image: Side by Side opens videos and images only.',
    );
    expect(
      noticeFor({ files: [file('a.mp4'), file('b.mp4')], refused: ['1 more clip'] }, [
        { name: 'a.mp4', player: P1 },
        { name: 'b.mp4', player: P2 },
      ]).text,
    ).toBe(
      `Opened the shared a.mp4 in ${P1} and b.mp4 in ${P2}. Side by Side shows two clips: 1 more clip was not opened.`,
    );
    expect(noticeFor({ files: [], refused: [] }, []).text).toBe('The share held no video or image to open.');
    expect(noticeFor(null, []).text).toMatch(/^The shared clip is no longer on this device/);
  });
});
