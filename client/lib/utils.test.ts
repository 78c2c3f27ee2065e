import { describe, expect, it } from 'vitest';
import { privacyLabel } from './privacy';
import { cn, initialsOf } from './utils';

describe('initialsOf', () => {
  it('takes the first letters of two words, or two letters of one', () => {
    expect(initialsOf('Zelda Quinn')).toBe('ZQ');
    expect(initialsOf('zelda-qb')).toBe('ZQ');
    expect(initialsOf('marcus')).toBe('MA');
    expect(initialsOf('  ')).toBe('?');
  });
});

describe('cn', () => {
  it('lets the later Tailwind class win', () => {
    expect(cn('px-4 py-2', 'px-0')).toBe('py-2 px-0');
  });
});

describe('privacyLabel', () => {
  it('names each level, public by default', () => {
    expect(privacyLabel('public')).toBe('Public profile');
    expect(privacyLabel('selective')).toBe('Selective profile');
    expect(privacyLabel('private')).toBe('Private profile');
    expect(privacyLabel(null)).toBe('Public profile');
  });
});
