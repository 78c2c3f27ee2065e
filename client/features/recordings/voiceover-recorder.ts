import { withWebmDuration } from '../../lib/webm-duration';

/**
 * The voiceover recorder, framework-free. One MediaRecorder records the screen with the microphone in it
 * (the file every player shows, with its voice), another the microphone alone (the spec's `audioFile`,
 * decision 48). The card only starts it, shows the elapsed time and stops it.
 */

/** One finished take: both files and the real elapsed time. */
export interface VoiceoverTake {
  /** The voice alone. */
  audio: Blob;
  /** The screen with the voice. */
  screen: Blob;
  /** Whole seconds from start to stop (docs/decisions.md decision 4). */
  durationSeconds: number;
}

export interface VoiceoverSession {
  /** When both recorders started, from performance.now(). */
  startedAt: number;
  /** Ends both recorders and stops every track; safe to call more than once. */
  stop: () => void;
  /** Ends everything and throws the take away (the page is being left). */
  cancel: () => void;
  /** Settles once both recorders have stopped: the take, or why there is none. */
  finished: Promise<VoiceoverTake>;
}

const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/webm'];
// VP8 and Opus where the browser names them (Chromium, Firefox); any WebM with video and audio else.
const SCREEN_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];

function supportedType(candidates: readonly string[]): string | undefined {
  return candidates.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Whether this browser can capture and record the screen and the microphone as WebM. Most phones have no
 * getDisplayMedia; Safari before 18.4 records no WebM, which the server would refuse.
 */
export function canRecordScreen(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getDisplayMedia === 'function' &&
    typeof navigator.mediaDevices.getUserMedia === 'function' &&
    typeof MediaRecorder !== 'undefined' &&
    supportedType(AUDIO_TYPES) !== undefined &&
    supportedType(SCREEN_TYPES) !== undefined
  );
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Records one stream; `done` gives its data once it has stopped. */
function record(stream: MediaStream, mimeType: string) {
  const recorder = new MediaRecorder(stream, { mimeType });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const done = new Promise<Blob>((resolve, reject) => {
    recorder.onstop = () => resolve(new Blob(chunks, { type: mimeType.split(';')[0] }));
    recorder.onerror = () => reject(new Error('The recorder failed'));
  });
  return { recorder, done };
}

/**
 * Asks for the screen, then the microphone (the screen first, while the click still counts as a user
 * gesture, which some browsers require for it), and records both. If either is refused, every track
 * already obtained is stopped and the browser's error is thrown (NotAllowedError, NotFoundError…).
 * `onScreenShareEnded` runs when the member ends the share from the browser's own bar; the recording has
 * then been stopped already.
 */
export async function startVoiceoverRecording({
  onScreenShareEnded,
}: { onScreenShareEnded?: () => void } = {}): Promise<VoiceoverSession> {
  const audioType = supportedType(AUDIO_TYPES);
  const screenType = supportedType(SCREEN_TYPES);
  if (!audioType || !screenType) throw new Error('WebM recording is not supported in this browser');

  let screen: MediaStream | null = null;
  let microphone: MediaStream | null = null;
  let audio: ReturnType<typeof record>;
  let video: ReturnType<typeof record>;
  try {
    screen = await navigator.mediaDevices.getDisplayMedia({ video: true });
    microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
    // The picture of the share with the member's voice (any tab audio the share carries is not part of a
    // voiceover): one file that plays with its sound (decision 48).
    video = record(new MediaStream([...screen.getVideoTracks(), ...microphone.getAudioTracks()]), screenType);
    audio = record(microphone, audioType);
  } catch (error) {
    stopTracks(screen);
    stopTracks(microphone);
    throw error;
  }
  const tracks = [...screen.getTracks(), ...microphone.getTracks()];

  let stoppedAt: number | null = null;
  const stop = () => {
    if (stoppedAt !== null) return;
    stoppedAt = performance.now();
    for (const { recorder } of [audio, video]) if (recorder.state !== 'inactive') recorder.stop();
    for (const track of tracks) track.stop();
  };
  // The browser's own "Stop sharing" ends the screen track without telling the recorder to stop.
  for (const track of screen.getVideoTracks()) {
    track.addEventListener(
      'ended',
      () => {
        if (stoppedAt !== null) return;
        stop();
        onScreenShareEnded?.();
      },
      { once: true },
    );
  }

  audio.recorder.start(1000);
  video.recorder.start(1000);
  const startedAt = performance.now();

  const finished = Promise.all([audio.done, video.done]).then(async ([audioBlob, screenBlob]) => {
    if (audioBlob.size === 0 || screenBlob.size === 0) throw new Error('Nothing was recorded');
    const elapsed = (stoppedAt ?? performance.now()) - startedAt;
    // MediaRecorder writes no length: written in, every player shows it and seeks at once.
    const [audioFile, screenFile] = await Promise.all([
      withWebmDuration(audioBlob),
      withWebmDuration(screenBlob),
    ]);
    return { audio: audioFile, screen: screenFile, durationSeconds: Math.max(0, Math.round(elapsed / 1000)) };
  });
  // A recorder error leaves nothing running either.
  finished.catch(stop);

  return {
    startedAt,
    stop,
    cancel: () => {
      finished.catch(() => {});
      stop();
    },
    finished,
  };
}
