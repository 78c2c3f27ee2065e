import { Suspense, type ComponentType } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/spinner';
import { preloadable } from '../../../lib/preloadable';
import { cn } from '../../../lib/utils';
import type { DrillsByDay } from '../../../components/drill-status';
import type { VoiceoverRecordingCardProps } from './voiceover-recording-card';

// The recorder and the calendar load on demand (docs/architecture.md "Performance budgets"): pages import these.
export const VoiceoverRecordingCard = preloadable(() =>
  import('./voiceover-recording-card').then((m) => ({ default: m.VoiceoverRecordingCard })),
);
type RecordingCalendarProps = { className?: string; drills?: DrillsByDay };
export const RecordingCalendar = preloadable<
  RecordingCalendarProps,
  { default: ComponentType<RecordingCalendarProps> }
>(() => import('./recording-calendar').then((m) => ({ default: m.RecordingCalendar })));

/** A card-shaped placeholder while a chunk loads. */
function CardPlaceholder({ className, rows }: { className?: string; rows: number }) {
  return (
    <Card aria-busy="true" className={className}>
      <CardHeader>
        <Skeleton className="h-6 w-48" />
      </CardHeader>
      <CardContent className="grid gap-3">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className={cn('h-10', i % 2 ? 'w-2/3' : 'w-full')} />
        ))}
      </CardContent>
    </Card>
  );
}

/** The 'VOICEOVER RECORDING' card, loaded on first render. */
export function LazyVoiceoverRecordingCard(props: VoiceoverRecordingCardProps) {
  return (
    <Suspense fallback={<CardPlaceholder className={props.className} rows={3} />}>
      <VoiceoverRecordingCard {...props} />
    </Suspense>
  );
}

/** The recording calendar, loaded on first render; `drills` marks the days drills are due (decision 81). */
export function LazyRecordingCalendar({ className, drills }: RecordingCalendarProps) {
  return (
    <Suspense fallback={<CardPlaceholder className={className} rows={6} />}>
      <RecordingCalendar className={className} drills={drills} />
    </Suspense>
  );
}
