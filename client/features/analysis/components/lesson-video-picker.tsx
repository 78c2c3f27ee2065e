import { GraduationCap, LoaderCircle } from 'lucide-react';
import { memo, useId, useState } from 'react';
import type { LessonVideoResponse } from '@common/contracts/lessons';
import { findLesson, lessonHeading } from '@common/curriculum';
import { CURRICULUM, lessonKey } from '@common/progress';
import { LessonSelect, lessonRefOf } from '../../../components/lesson-select';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import type { EngineHandle } from './use-analysis-engine';

export const NO_LESSON_VIDEO = 'This lesson has no video yet.';

/**
 * 'Lesson video' (issue 19): loads a lesson's video, as the coach uploaded it, into a player, so that
 * the coach's reference can be analysed (pose, angles, side by side with the member's own attempt).
 * It plays from this server; nothing is uploaded.
 */
export const LessonVideoPicker = memo(function LessonVideoPicker({
  engine,
  playerName,
  compact = false,
}: {
  engine: EngineHandle;
  /** Named in the button's accessible name when there are two players ('Player 1 - Member 1'). */
  playerName?: string;
  compact?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [lesson, setLesson] = useState(lessonKey(CURRICULUM[0]!));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    const made = engine.ensure();
    if (!made) return;
    const ref = lessonRefOf(lesson);
    setBusy(true);
    setError(null);
    try {
      const video = await apiJson<LessonVideoResponse>(
        'GET',
        `/api/lesson-videos/${ref.thinkTank}/${ref.topic}/${ref.lesson}`,
      );
      if (!video.videoUrl) return setError(NO_LESSON_VIDEO);
      const found = findLesson(ref.thinkTank, ref.topic, ref.lesson);
      made.loadVideoUrl(video.videoUrl, `Lesson ${found ? lessonHeading(found) : lesson}`);
      setOpen(false);
    } catch (e) {
      setError(serverErrorMessage(e) ?? 'The lesson video could not be loaded. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="h-9"
        aria-label={playerName ? `Lesson video for ${playerName}` : 'Lesson video'}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <GraduationCap aria-hidden="true" />
        {compact ? 'Lesson' : 'Lesson video'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Analyse a lesson video</DialogTitle>
            <DialogDescription>
              The coach’s video plays here from Tribe36, to draw on, measure and compare with your own.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={id}>Lesson</Label>
            <LessonSelect
              id={id}
              value={lesson}
              onChange={(key) => {
                setLesson(key);
                setError(null);
              }}
            />
            {error && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => void load()} disabled={busy}>
              {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              Load
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
});
