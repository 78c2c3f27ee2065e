import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Recording } from '@common/contracts/recordings';
import { throwIfResNotOk } from '../../../lib/api-client';
import { outOfSpaceMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { recordingsQueryOptions } from './get-recordings';

/** What one voiceover take sends: both files and the real elapsed time (docs/decisions.md decision 4). */
export interface RecordingUpload {
  audio: Blob;
  screen: Blob;
  /** Whole seconds actually recorded. */
  durationSeconds: number;
  /** '' or an /api/media/… URL of this app (the video the member talked over). */
  sourceVideoUrl: string;
}

/**
 * POST /api/recordings/upload, multipart `audioFile` (WebM audio named voiceover.webm), `screenFile`
 * (WebM video), `sourceVideoUrl`, `duration` (seconds as text) and `recordingType` 'voiceover' → 201 the
 * stored Recording. 400, 413 and 415 as an ApiError. No Content-Type is set: the browser adds the boundary.
 */
export async function uploadRecording({
  audio,
  screen,
  durationSeconds,
  sourceVideoUrl,
}: RecordingUpload): Promise<Recording> {
  const body = new FormData();
  body.append('audioFile', audio, 'voiceover.webm');
  body.append('screenFile', screen, 'screen.webm');
  body.append('sourceVideoUrl', sourceVideoUrl);
  body.append('duration', String(durationSeconds));
  body.append('recordingType', 'voiceover');
  const res = await fetch('/api/recordings/upload', { method: 'POST', credentials: 'include', body });
  await throwIfResNotOk(res);
  return (await res.json()) as Recording;
}

/**
 * Sends a take. Success: 'Recording saved' and the calendar's list is refreshed. Failure: one toast,
 * 'Upload failed' (SPEC §8 names two; docs/decisions.md decision 13 shows the second); the caller keeps the take
 * for a retry.
 */
export function useUploadRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRecording,
    onSuccess: async () => {
      toast({ title: 'Recording saved', description: 'Your voiceover has been saved to your calendar' });
      await queryClient.invalidateQueries({ queryKey: recordingsQueryOptions().queryKey });
    },
    onError: (error) => {
      console.error('The recording upload failed', error);
      toast({
        title: 'Upload failed',
        description: outOfSpaceMessage(error) ?? 'Failed to upload recordings',
        variant: 'destructive',
      });
    },
  });
}
