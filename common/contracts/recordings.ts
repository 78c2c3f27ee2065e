import { z } from 'zod';
import { text } from './fields';

/** A stored recording (SPEC §3): `duration` in whole seconds; the files are served to their member and admins. */
export const recording = z.object({
  id: z.string(),
  recordedAt: z.string(),
  duration: z.number().int(),
  audioUrl: z.string(),
  videoUrl: z.string(),
  /**
   * The screen video carries the voice, so it plays alone; false for recordings made before it did, whose
   * audioUrl plays beside it, kept in step (docs/decisions.md decision 48).
   */
  videoHasAudio: z.boolean(),
});
export type Recording = z.infer<typeof recording>;
export const recordingsResponse = z.array(recording);

/** The path of DELETE /api/recordings/{id}: an id that is no recording's is not found. */
export const recordingIdParams = z.object({
  id: text('id').pipe(z.uuid({ error: 'Recording not found' })),
});

/** Both files together, at most (POST /api/recordings/upload). */
export const RECORDING_MAX_BYTES = 500 * 1024 * 1024;
/** A recording longer than this is refused (the duration field is checked against it). */
export const RECORDING_MAX_SECONDS = 4 * 60 * 60;
