import { withWebmDuration } from '../../lib/webm-duration';

/**
 * Voice recording with MediaRecorder, framework-free: the component only starts it, shows the elapsed
 * time and stops it. Opus in WebM where the browser can (Chromium, Firefox), else its own default
 * (Safari: MP4/AAC), all formats the server accepts.
 */
export interface VoiceRecording {
  /** When recording began, from performance.now(). */
  startedAt: number;
  /** Ends the recording and gives the audio as a file ready to upload. */
  stop: () => Promise<File>;
  /** Ends the recording and throws it away. */
  cancel: () => void;
}

export class RecordingUnsupportedError extends Error {
  constructor() {
    super('Voice recording is not supported in this browser');
    this.name = 'RecordingUnsupportedError';
  }
}

const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'];

function extensionOf(mimeType: string): string {
  if (mimeType.includes('webm')) return 'webm';
  if (mimeType.includes('ogg')) return 'ogg';
  if (mimeType.includes('mp4') || mimeType.includes('aac')) return 'm4a';
  return 'webm';
}

/** Whether this browser can record a voice message at all. */
export function canRecordVoice(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/**
 * Asks for the microphone and starts recording. Rejects with the browser's error when the microphone
 * is refused or missing (NotAllowedError, NotFoundError), or RecordingUnsupportedError.
 */
export async function startVoiceRecording(): Promise<VoiceRecording> {
  if (!canRecordVoice()) throw new RecordingUnsupportedError();
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const mimeType = PREFERRED_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    throw error;
  }
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.start(1000);
  const startedAt = performance.now();

  return {
    startedAt,
    stop: () =>
      new Promise<File>((resolve, reject) => {
        recorder.onstop = () => {
          release();
          const type = (recorder.mimeType || mimeType || 'audio/webm').split(';')[0]!;
          const blob = new Blob(chunks, { type });
          if (blob.size === 0) reject(new Error('Nothing was recorded'));
          // With its length written in, so that every player shows it and seeks at once.
          else resolve(withWebmDuration(new File([blob], `voice-message.${extensionOf(type)}`, { type })));
        };
        recorder.onerror = () => {
          release();
          reject(new Error('The recording failed'));
        };
        if (recorder.state === 'inactive') recorder.onstop(new Event('stop'));
        else recorder.stop();
      }),
    cancel: () => {
      recorder.ondataavailable = null;
      recorder.onstop = release;
      if (recorder.state === 'inactive') release();
      else recorder.stop();
    },
  };
}
