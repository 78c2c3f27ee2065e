import { Check, CircleCheck } from 'lucide-react';
import type { LessonRef } from '@common/contracts/progress';
import { Button } from '../../../components/ui/button';
import { useProgress } from '../../../lib/progress';
import { useSetLessonDone } from '../api/set-lesson-done';
import { entryOf } from '../progress-entries';

/** 'Mark as done' on a lesson page, pressed once the lesson is done; pressing it again undoes it. */
export function LessonDoneButton({ lesson }: { lesson: LessonRef }) {
  const progress = useProgress();
  const setDone = useSetLessonDone(lesson);
  const entry = entryOf(progress.data, lesson);
  const done = Boolean(entry?.doneAt);
  return (
    <Button
      type="button"
      variant={done ? 'secondary' : 'default'}
      aria-pressed={done}
      aria-label="Mark as done"
      disabled={entry === undefined}
      onClick={() => setDone.mutate(!done)}
      className="justify-self-start"
    >
      {done ? <CircleCheck aria-hidden="true" className="text-brand" /> : <Check aria-hidden="true" />}
      {done ? 'Done' : 'Mark as done'}
    </Button>
  );
}
