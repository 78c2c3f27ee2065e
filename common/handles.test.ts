import { describe, expect, it } from 'vitest';
import { handleBase, HANDLE_PATTERN, nextFreeHandle } from './handles';

describe('public handles', () => {
  it.each([
    ['zelda.qb@x.com', 'zelda-qb'],
    ['Kobe_Bryant+tag@x.com', 'kobe-bryant-tag'],
    ['josé.álvarez@x.com', 'jose-alvarez'],
    ['...@x.com', 'member'],
    ['a--b@x.com', 'a-b'],
    [`${'x'.repeat(40)}@x.com`, 'x'.repeat(30)],
  ])('%s → %s', (email, handle) => {
    expect(handleBase(email)).toBe(handle);
    expect(handle).toMatch(HANDLE_PATTERN);
  });

  it('adds a number when taken', () => {
    expect(nextFreeHandle('sam', [])).toBe('sam');
    expect(nextFreeHandle('sam', ['sam'])).toBe('sam-2');
    expect(nextFreeHandle('sam', ['sam', 'sam-2', 'sam-4'])).toBe('sam-3');
  });
});
