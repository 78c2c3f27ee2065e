import { Send } from 'lucide-react';
import { useState } from 'react';
import type { Recording } from '@common/contracts/recordings';
import { PostAttemptDialog } from '../../../components/attempts/post-attempt-dialog';
import { VoiceoverPlayer } from '../../../components/voiceover-player';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { formatDate } from '../../../lib/date-format';
import { formatDurationSeconds } from '../month-grid';
import { DeleteRecordingButton } from './delete-recording-button';

/** 'YYYY-MM-DD' → that local day, e.g. 'Monday, May 11, 2026'. */
function longDate(dayKey: string): string {
  const [year, month, day] = dayKey.split('-').map(Number) as [number, number, number];
  return formatDate(new Date(year, month - 1, day), { dateStyle: 'full' });
}

function timeOf(recordedAt: string): string {
  return formatDate(new Date(recordedAt), { hour: 'numeric', minute: '2-digit' });
}

/** One recording: its time, duration, the voiceover as one player with its voice, posting and deleting it. */
function RecordingEntry({ recording }: { recording: Recording }) {
  const time = timeOf(recording.recordedAt);
  const [posting, setPosting] = useState(false);
  return (
    <li data-recording-id={recording.id} className="grid gap-3 rounded-lg border bg-card p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <time dateTime={recording.recordedAt} className="font-bold">
            {time}
          </time>
          <span className="text-muted-foreground"> · {formatDurationSeconds(recording.duration)}</span>
        </p>
        <div className="flex items-center gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Post the voiceover of ${time}`}
            onClick={() => setPosting(true)}
          >
            <Send aria-hidden="true" />
            Post…
          </Button>
          <DeleteRecordingButton recordingId={recording.id} time={time} />
        </div>
      </div>
      {posting && (
        <PostAttemptDialog
          draft={{ kind: 'voiceover', recordingId: recording.id, label: time }}
          initialTarget="lesson"
          onClose={() => setPosting(false)}
        />
      )}
      <VoiceoverPlayer
        screenUrl={recording.videoUrl}
        audioUrl={recording.audioUrl}
        screenHasAudio={recording.videoHasAudio}
        label={`Voiceover of ${time}`}
        className="aspect-video w-full rounded-md bg-black"
      />
    </li>
  );
}

/** The dialog listing one day's recordings, newest first. */
export function RecordingsDayDialog({
  dayKey,
  recordings,
  onClose,
}: {
  dayKey: string;
  recordings: readonly Recording[];
  onClose: () => void;
}) {
  const count = recordings.length;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{longDate(dayKey)}</DialogTitle>
          <DialogDescription>{count === 1 ? '1 recording' : `${count} recordings`}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-4">
          {recordings.map((recording) => (
            <RecordingEntry key={recording.id} recording={recording} />
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
