import type { AttemptView } from '../../common/contracts/attempts';
import { mediaUrl } from '../../common/media-url';
import type { AttemptRecord } from '../db/repositories/attempts.repository';

/**
 * An attempt as the message that posts it shows it (issue 18), the same in the community chat (poll,
 * stream, the answer to a post) and in a lesson discussion: a file deleted since is null.
 */
export function presentAttempt(a: AttemptRecord | null): AttemptView | null {
  if (!a) return null;
  return {
    id: a.id,
    caption: a.caption,
    imageUrl: a.imageMediaId === null ? null : mediaUrl(a.imageMediaId),
    clipUrl: a.clipMediaId === null ? null : mediaUrl(a.clipMediaId),
    voiceover:
      a.voiceover === null
        ? null
        : {
            recordingId: a.voiceover.id,
            screenUrl: mediaUrl(a.voiceover.screenMediaId),
            screenHasAudio: a.voiceover.screenHasAudio,
            audioUrl: mediaUrl(a.voiceover.audioMediaId),
            durationSeconds: a.voiceover.durationSeconds,
          },
    angles: a.angles.map((x) => ({ label: x.label, degrees: x.degrees })),
    frameSeconds: a.frameSeconds,
  };
}
