import { describe, expect, it } from 'vitest';
import { blocksChannel } from './block-store';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('the blocks channel (decision 55)', () => {
  it('carries the change itself, so every process applies it as it arrives', () => {
    for (const change of [
      { blocker: A, blocked: B, on: true },
      { blocker: A, blocked: B, on: false },
    ]) {
      expect(blocksChannel.decode(blocksChannel.encode(change))).toEqual(change);
    }
    expect(blocksChannel.decode(blocksChannel.encode({ blocker: A }))).toEqual({ blocker: A });
  });

  it('reads a malformed change as "read this blocker again", and a malformed blocker as nothing', () => {
    expect(blocksChannel.decode(`${A} *${B}`)).toEqual({ blocker: A });
    expect(blocksChannel.decode(`${A} +not-a-uuid`)).toEqual({ blocker: A });
    expect(blocksChannel.decode('nope')).toBeNull();
    expect(blocksChannel.decode('')).toBeNull();
  });
});
