import { useQueryClient } from '@tanstack/react-query';
import { GraduationCap, LoaderCircle, MessagesSquare, Send } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AttemptTarget } from '@common/contracts/attempts';
import { CHAT_MESSAGE_MAX_LENGTH } from '@common/constants';
import { formatAngle } from '@common/geometry';
import { CURRICULUM, lessonKey } from '@common/progress';
import { serverErrorMessage } from '../../lib/api-error';
import {
  ATTEMPT_CLIP_SECONDS,
  describeTarget,
  invalidateAttemptThreads,
  postAttempt,
  type AttemptDraft,
  type PostStep,
} from '../../lib/attempts';
import { useProgress } from '../../lib/progress';
import { toast } from '../../lib/toast';
import { LessonSelect, lessonRefOf } from '../lesson-select';
import { RadioCard } from '../radio-card';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Label } from '../ui/label';
import { RadioGroup } from '../ui/radio-group';
import { Switch } from '../ui/switch';
import { Textarea } from '../ui/textarea';

export type TargetKind = AttemptTarget['kind'];

const STEP_TEXT: Record<PostStep, string> = {
  clip: `Making the ${ATTEMPT_CLIP_SECONDS} s clip…`,
  upload: 'Uploading…',
  post: 'Posting…',
};

/** The lesson the member had open last (else Continue's, else the first), as 'area/topic/lesson'. */
function useDefaultLesson(): string | null {
  const progress = useProgress().data;
  return useMemo(() => {
    if (!progress) return null;
    const opened = progress.lessons
      .filter((e) => e.openedAt)
      .sort((a, b) => Date.parse(b.openedAt!) - Date.parse(a.openedAt!))[0];
    const pick = opened ?? progress.continue;
    return pick ? lessonKey(pick) : null;
  }, [progress]);
}

/**
 * 'Post to lesson…' and 'Post to chat' (issue 18 part 4): the member's frame (with its angle values) or
 * voiceover goes, with a caption, to a lesson's discussion or to the community chat. The destination can
 * still be changed here; a frame from a video can take the clip's segment around it along.
 */
export function PostAttemptDialog({
  draft,
  initialTarget,
  onClose,
}: {
  draft: AttemptDraft;
  initialTarget: TargetKind;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const defaultLesson = useDefaultLesson();
  const [kind, setKind] = useState<TargetKind>(initialTarget);
  const [lesson, setLesson] = useState<string>('');
  const [caption, setCaption] = useState('');
  const [withClip, setWithClip] = useState(false);
  const [step, setStep] = useState<PostStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const clipMaker = draft.kind === 'frame' ? draft.clip : null;
  // Why this browser cannot make the clip (decision 51): undefined while it is asked, null when it can.
  const [clipProblem, setClipProblem] = useState<string | null | undefined>(undefined);
  const [clipProgress, setClipProgress] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const clipAbort = useRef<AbortController | null>(null);
  useEffect(() => {
    if (!clipMaker) return;
    let live = true;
    clipMaker.problem().then(
      (problem) => live && setClipProblem(problem),
      (e: unknown) => {
        console.error('Could not tell whether the clip can be made', e);
        if (live) setClipProblem('it cannot read this video');
      },
    );
    return () => {
      live = false;
    };
  }, [clipMaker]);
  useEffect(() => () => clipAbort.current?.abort(), []);
  const chosenLesson = lesson || defaultLesson || FIRST_LESSON;

  const preview = useMemo(() => (draft.kind === 'frame' ? URL.createObjectURL(draft.image) : null), [draft]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const target: AttemptTarget =
    kind === 'chat' ? { kind: 'chat' } : { kind: 'lesson', ...lessonRefOf(chosenLesson) };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (step) return;
    setError(null);
    setNotice(null);
    let at: PostStep | null = null;
    try {
      let clip: Blob | null = null;
      if (withClip && clipMaker && clipProblem === null) {
        at = 'clip';
        setStep('clip');
        setClipProgress(0);
        const abort = new AbortController();
        clipAbort.current = abort;
        try {
          clip = await clipMaker.make({ signal: abort.signal, onProgress: setClipProgress });
        } catch (e) {
          if (!(e instanceof DOMException && e.name === 'AbortError')) throw e;
          setNotice('Clip cancelled. Nothing was posted.');
          setStep(null);
          return;
        } finally {
          clipAbort.current = null;
        }
      }
      await postAttempt(draft, { target, caption: caption.trim(), clip }, (next) => {
        at = next;
        setStep(next);
      });
      await invalidateAttemptThreads(queryClient);
      toast({ title: 'Posted', description: `Your attempt is in ${describeTarget(target)}.` });
      onClose();
    } catch (e) {
      console.error('Posting the attempt failed', e);
      setError(
        serverErrorMessage(e) ??
          (at === 'clip'
            ? 'Could not make the clip. Try again, or post without it.'
            : 'Could not post your attempt. Please try again.'),
      );
      setStep(null);
    }
  };

  const what = draft.kind === 'frame' ? 'this frame' : `your voiceover of ${draft.label}`;
  return (
    <Dialog open onOpenChange={(open) => (open || step ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{kind === 'chat' ? 'Post to chat' : 'Post to lesson'}</DialogTitle>
          <DialogDescription>
            Send {what} with a caption to a lesson’s discussion, where your coach sees it, or to the community
            chat.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" aria-busy={step !== null}>
          {preview && draft.kind === 'frame' && (
            <figure className="grid gap-2">
              <img
                src={preview}
                alt="The frame you are posting"
                className="max-h-56 w-full rounded-md border bg-black object-contain"
              />
              {draft.angles.length > 0 && (
                <figcaption className="text-xs text-muted-foreground">
                  {draft.angles.map((a) => `${a.label}: ${formatAngle(a.degrees)}°`).join(' · ')}
                </figcaption>
              )}
            </figure>
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Post to</legend>
            <RadioGroup
              value={kind}
              onValueChange={(v) => setKind(v as TargetKind)}
              className="grid gap-2 sm:grid-cols-2"
            >
              <RadioCard
                id={`${id}-lesson`}
                value="lesson"
                label="A lesson"
                hint="In its discussion, for your coach"
                icon={<GraduationCap aria-hidden="true" className="size-4 shrink-0 text-brand" />}
              />
              <RadioCard
                id={`${id}-chat`}
                value="chat"
                label="The chat"
                hint="Standard Issue Comms, for everyone"
                icon={<MessagesSquare aria-hidden="true" className="size-4 shrink-0 text-brand" />}
              />
            </RadioGroup>
          </fieldset>
          {kind === 'lesson' && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-pick`}>Lesson</Label>
              <LessonSelect id={`${id}-pick`} value={chosenLesson} onChange={setLesson} />
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-caption`}>Caption</Label>
            <Textarea
              id={`${id}-caption`}
              value={caption}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              onChange={(e) => setCaption(e.currentTarget.value)}
              placeholder={kind === 'chat' ? 'Say something about it' : 'What should your coach look at?'}
            />
          </div>
          {clipMaker && (
            <div className="grid gap-3 rounded-lg border p-3">
              <div className="flex items-center justify-between gap-3">
                <Label htmlFor={`${id}-clip`} className="grid gap-1">
                  <span>Include the clip</span>
                  <span className="text-xs font-normal text-muted-foreground">
                    {typeof clipProblem === 'string'
                      ? `This browser cannot make the clip: ${clipProblem}. Your frame is posted alone.`
                      : `${ATTEMPT_CLIP_SECONDS} s around this frame, with your drawings`}
                  </span>
                </Label>
                <Switch
                  id={`${id}-clip`}
                  checked={withClip && typeof clipProblem !== 'string'}
                  disabled={typeof clipProblem === 'string' || step !== null}
                  onCheckedChange={setWithClip}
                />
              </div>
              {step === 'clip' && (
                <div className="flex items-center gap-3">
                  <progress
                    aria-label="Making the clip"
                    value={clipProgress}
                    max={1}
                    className="h-2 min-w-32 flex-1 accent-primary"
                  />
                  <span className="text-xs tabular-nums text-muted-foreground" aria-live="polite">
                    {Math.round(clipProgress * 100)} %
                  </span>
                </div>
              )}
            </div>
          )}
          {notice && (
            <p role="status" className="text-sm text-muted-foreground">
              {notice}
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            {/* While the clip is made, Cancel stops it (the dialog stays, with what the member wrote). */}
            <Button
              type="button"
              variant="outline"
              disabled={step !== null && step !== 'clip'}
              onClick={() => (step === 'clip' ? clipAbort.current?.abort() : onClose())}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={step !== null}>
              {step ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Send aria-hidden="true" />
              )}
              {step ? STEP_TEXT[step] : 'Post'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const FIRST_LESSON = lessonKey(CURRICULUM[0]!);
