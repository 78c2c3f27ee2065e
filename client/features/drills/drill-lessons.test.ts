import { describe, expect, it } from 'vitest';
import type { AssignmentItem } from '@common/contracts/assignments';
import { DRILL_LESSON_GROUPS, drillLessonHref, drillLessonOf, memberDrillOrder } from './drill-lessons';

const item = (id: string, status: AssignmentItem['status'], dueAt: string) =>
  ({ id, status, dueAt }) as AssignmentItem;

describe('drills’ lessons and order', () => {
  it('open drills first, soonest due first, then the rest, most recently due first', () => {
    const order = memberDrillOrder([
      item('done-old', 'done', '2026-12-01T10:00:00Z'),
      item('open-later', 'open', '2026-12-20T10:00:00Z'),
      item('missed-recent', 'missed', '2026-12-10T10:00:00Z'),
      item('open-soon', 'open', '2026-12-12T10:00:00Z'),
      item('late', 'late', '2026-12-05T10:00:00Z'),
    ]);
    expect(order.map((i) => i.id)).toEqual(['open-soon', 'open-later', 'missed-recent', 'late', 'done-old']);
  });

  it('lists the 36 lessons and the two single pages, each leading to its page', () => {
    const keys = DRILL_LESSON_GROUPS.flatMap((g) => g.options.map((o) => o.key));
    expect(keys).toHaveLength(38);
    expect(keys).toContain('physiological/main/main');
    expect(drillLessonHref(drillLessonOf('physiological/main/main'))).toBe('/think-tanks/physiological');
    expect(drillLessonHref(drillLessonOf('intellectual/understanding-self/systems-theory'))).toBe(
      '/think-tanks/intellectual/understanding-self/systems-theory',
    );
  });
});
