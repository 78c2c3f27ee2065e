import { useMemo } from 'react';
import { dayKeyIn } from '@common/contracts/assignments-values';
import type { DrillsByDay } from '../../components/drill-status';
import { useAssignments } from './api/get-assignments';

/**
 * The member's own drills by the day they are due, in the community's time zone (decision 81), for
 * the profile's calendar; nothing until the member is known.
 */
export function useDrillsByDay(userId: string | undefined): DrillsByDay | undefined {
  const { data } = useAssignments({ member: userId }, { enabled: userId !== undefined });
  return useMemo(() => {
    if (!data) return undefined;
    const byDay = new Map<
      string,
      { id: string; status: (typeof data.items)[number]['status']; title: string }[]
    >();
    for (const item of data.items) {
      const key = dayKeyIn(item.dueAt, data.timeZone);
      const day = byDay.get(key) ?? [];
      day.push({ id: item.id, status: item.status, title: item.lesson.title });
      byDay.set(key, day);
    }
    return byDay;
  }, [data]);
}
