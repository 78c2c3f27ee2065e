import { describe, expect, it } from 'vitest';
import { NOTIFICATION_IDS_PER_PAYLOAD, notificationsChannel } from '../db/channels';
import { EXCERPT_LENGTH, excerptOf } from './notifications.service';

const U1 = '0b5e2f9c-1d2e-4f3a-9b8c-7d6e5f4a3b2c';
const U2 = 'ffffffff-ffff-4fff-bfff-ffffffffffff';

describe('the tribe36_notifications channel', () => {
  it('carries new notifications as user:id pairs and a read as the member, and decodes what it encodes', () => {
    const created = {
      type: 'created' as const,
      items: [
        { userId: U1, id: 7 },
        { userId: U2, id: 9007199254740991 },
      ],
    };
    expect(notificationsChannel.encode(created)).toBe(`n ${U1}:7,${U2}:9007199254740991`);
    expect(notificationsChannel.decode(notificationsChannel.encode(created))).toEqual(created);
    expect(notificationsChannel.decode(`r ${U1}`)).toEqual({ type: 'read', userId: U1 });
  });

  it('answers null for a payload it does not understand', () => {
    for (const bad of [
      '',
      'n ',
      'n x:1',
      `n ${U1}`,
      `n ${U1}:a`,
      `n ${U1}:1,`,
      'r ',
      'r nope',
      'x 1',
      `${U1}:1`,
    ]) {
      expect(notificationsChannel.decode(bad), bad).toBeNull();
    }
  });

  it('keeps a full payload under NOTIFY’s 8000 bytes', () => {
    const items = Array.from({ length: NOTIFICATION_IDS_PER_PAYLOAD }, () => ({
      userId: U2,
      id: Number.MAX_SAFE_INTEGER,
    }));
    expect(Buffer.byteLength(notificationsChannel.encode({ type: 'created', items }))).toBeLessThan(8000);
  });
});

describe('excerptOf', () => {
  it('collapses spaces, keeps a short text whole, and answers null for nothing', () => {
    expect(excerptOf('  hello \n\n there  ')).toBe('hello there');
    expect(excerptOf('')).toBeNull();
    expect(excerptOf('   ')).toBeNull();
    expect(excerptOf(null)).toBeNull();
  });

  it('cuts a long text at a word, with an ellipsis, within 140 characters (emoji counted as one)', () => {
    const long = 'word '.repeat(60);
    const cut = excerptOf(long)!;
    expect([...cut].length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(cut).toMatch(/^(word )+word…$/);
    const emoji = '🏀'.repeat(200);
    const e = excerptOf(emoji)!;
    expect([...e].length).toBe(EXCERPT_LENGTH);
    expect(e.endsWith('…')).toBe(true);
    expect(e).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
