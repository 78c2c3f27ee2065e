import { describe, expect, it } from 'vitest';
import { MEMBER_PAGES } from './member-pages';

describe('the pages prerendered for members', () => {
  it('are the five Think Tanks, the 8 topics and the 36 lessons', () => {
    const paths = [...MEMBER_PAGES.keys()];
    expect(paths).toHaveLength(5 + 8 + 36);
    expect(paths).toContain('/think-tanks/physiological');
    expect(paths).toContain('/think-tanks/intellectual/understanding-self');
    expect(paths).toContain('/think-tanks/intellectual/understanding-self/systems-theory');
    expect(paths.every((p) => p.startsWith('/think-tanks/'))).toBe(true);
  });
});
