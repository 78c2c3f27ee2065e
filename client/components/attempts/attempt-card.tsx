import { Mic } from 'lucide-react';
import type { AttemptView } from '@common/contracts/attempts';
import { formatAngle } from '@common/geometry';
import { formatMinutes } from '@common/text';
import { useDeleteAttempt } from '../../lib/delete-attempt';
import { useCurrentUser } from '../../lib/current-user';
import { serverErrorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { ConfirmDeleteButton } from '../confirm-delete-button';
import { PhotoThumbnail } from '../photo-thumbnail';
import { VoiceoverPlayer } from '../voiceover-player';

/** A posted voiceover: one player with the member's voice (decision 48), and its real length. */
function PostedVoiceover({
  voiceover,
  author,
}: {
  voiceover: NonNullable<AttemptView['voiceover']>;
  author: string;
}) {
  const length = formatMinutes(voiceover.durationSeconds);
  return (
    <figure className="grid w-full max-w-md gap-1.5">
      <VoiceoverPlayer
        screenUrl={voiceover.screenUrl}
        audioUrl={voiceover.audioUrl}
        screenHasAudio={voiceover.screenHasAudio}
        label={`Voiceover by ${author}, ${length}`}
        className="aspect-video w-full rounded-lg border bg-black"
      />
      <figcaption className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Mic aria-hidden="true" className="size-3.5" />
        Voiceover · <span className="tabular-nums">{length}</span>
      </figcaption>
    </figure>
  );
}

/**
 * An attempt inside its message (issue 18 part 4): the annotated frame, the angle values measured on it
 * as text, the clip around it, a voiceover with its real length. The message's own text is the caption.
 * Its author and admins can delete it, which removes the frame's and clip's files (decision 38).
 */
export function AttemptCard({
  attempt,
  author,
  mine,
  onDeleted,
}: {
  attempt: AttemptView;
  author: string;
  mine: boolean;
  /** Takes the message out of a list the threads' refetch does not cover (the chat room). */
  onDeleted?: () => void;
}) {
  const { user } = useCurrentUser();
  const remove = useDeleteAttempt();
  const canDelete = mine || Boolean(user?.isAdmin);
  const nothing = !attempt.imageUrl && !attempt.clipUrl && !attempt.voiceover;
  return (
    <div className="grid justify-items-start gap-2" data-attempt-id={attempt.id}>
      <p className="text-xs font-bold uppercase tracking-[0.15em] text-brand">
        Attempt
        {attempt.frameSeconds !== null && attempt.imageUrl && (
          <span className="font-medium normal-case tracking-normal text-muted-foreground">
            {' '}
            · frame at {formatMinutes(attempt.frameSeconds)}
          </span>
        )}
      </p>
      {attempt.imageUrl && (
        <PhotoThumbnail src={attempt.imageUrl} alt={`Attempt by ${author}`} openLabel="Open frame" whole />
      )}
      {attempt.angles.length > 0 && (
        <ul aria-label="Angles measured" className="flex flex-wrap gap-1.5">
          {attempt.angles.map((a, i) => (
            <li
              key={i}
              className="rounded-md border border-yellow-400/40 bg-yellow-400/10 px-2 py-0.5 text-xs font-semibold tabular-nums"
            >
              {a.label}: {formatAngle(a.degrees)}°
            </li>
          ))}
        </ul>
      )}
      {attempt.clipUrl && (
        <video
          controls
          playsInline
          preload="metadata"
          src={attempt.clipUrl}
          aria-label={`Clip of the attempt by ${author}`}
          className="aspect-video w-72 max-w-full rounded-lg border bg-black"
        />
      )}
      {attempt.voiceover && <PostedVoiceover voiceover={attempt.voiceover} author={author} />}
      {nothing && <p className="text-sm italic text-muted-foreground">Its files were deleted.</p>}
      {canDelete && (
        <ConfirmDeleteButton
          label="Delete"
          accessibleName="Delete attempt"
          title="Delete this attempt?"
          description="The message, its frame and its clip are deleted for everyone. A voiceover stays on its owner’s calendar."
          confirm="Delete attempt"
          disabled={remove.isPending}
          onConfirm={() =>
            remove.mutate(attempt.id, {
              onSuccess: onDeleted,
              onError: (error) =>
                toast({
                  title: 'Error',
                  description: serverErrorMessage(error) ?? 'Could not delete the attempt',
                  variant: 'destructive',
                }),
            })
          }
        />
      )}
    </div>
  );
}
