import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import type * as VoiceRecorderModule from './voice-recorder';
import type { VoiceRecording } from './voice-recorder';

let recorderModule: Promise<typeof VoiceRecorderModule> | undefined;
/**
 * The recorder's code (MediaRecorder, the WebM duration mend), loaded on its first use: the composer
 * calls this when its Record button is pointed at or focused, so a press does not wait for it
 * (docs/decisions.md decision 70). A failed download is asked again next time.
 */
export function loadVoiceRecorder(): Promise<typeof VoiceRecorderModule> {
  return (recorderModule ??= import('./voice-recorder').catch((error: unknown) => {
    recorderModule = undefined;
    throw error;
  }));
}

export type RecorderState =
  { status: 'idle' } | { status: 'starting' } | { status: 'recording'; startedAt: number };

function microphoneProblem(error: unknown): { title: string; description: string } {
  // By name: the class is in the recorder's module, loaded on first use (and it may have failed to load).
  if (error instanceof Error && error.name === 'RecordingUnsupportedError') {
    return {
      title: 'Recording not supported',
      description: 'Voice messages cannot be recorded in this browser.',
    };
  }
  if (
    error instanceof DOMException &&
    (error.name === 'NotFoundError' || error.name === 'OverconstrainedError')
  ) {
    return { title: 'No microphone found', description: 'Connect a microphone to record a voice message.' };
  }
  return {
    title: 'Microphone blocked',
    description: 'Allow microphone access to record a voice message.',
  };
}

/**
 * The panel's voice recorder: start asks for the microphone (a refusal is a toast), stop gives the
 * recorded file, cancel throws it away. Leaving the page ends a recording under way.
 */
export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const recordingRef = useRef<VoiceRecording | null>(null);
  const mountedRef = useRef(true);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      recordingRef.current?.cancel();
      recordingRef.current = null;
    };
  }, []);

  const start = useCallback(async () => {
    if (recordingRef.current) return;
    setState({ status: 'starting' });
    try {
      const { startVoiceRecording } = await loadVoiceRecorder();
      const recording = await startVoiceRecording();
      if (!mountedRef.current) {
        recording.cancel();
        return;
      }
      recordingRef.current = recording;
      setState({ status: 'recording', startedAt: recording.startedAt });
    } catch (error) {
      console.error('Could not start a voice recording', error);
      setState({ status: 'idle' });
      toast({ ...microphoneProblem(error), variant: 'destructive' });
    }
  }, []);

  const stop = useCallback(async (): Promise<File | null> => {
    const recording = recordingRef.current;
    recordingRef.current = null;
    setState({ status: 'idle' });
    if (!recording) return null;
    try {
      return await recording.stop();
    } catch (error) {
      console.error('The voice recording failed', error);
      return null;
    }
  }, []);

  const cancel = useCallback(() => {
    recordingRef.current?.cancel();
    recordingRef.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, stop, cancel };
}
