import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { useUploadRecording, type RecordingUpload } from './api/upload-recording';
import { startVoiceoverRecording, type VoiceoverSession } from './voiceover-recorder';

export type VoiceoverPhase =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; startedAt: number }
  /** Stopped: the recorders are finishing, then the take uploads. */
  | { status: 'saving' };

export interface VoiceoverRecorderOptions {
  /** '' or the /api/media/… URL of the video being talked over. */
  sourceVideoUrl?: string;
  /** Runs after a take has been saved. */
  onComplete?: () => void;
}

/**
 * The recording card's state (SPEC §4 Recording): idle → recording on start → stopped on stop, then the
 * take uploads by itself. A take whose upload failed stays here (`unsaved`) for `retry`. `audioUrl` plays
 * the last recorded audio from memory. Leaving the page ends a recording under way and discards it.
 */
export function useVoiceoverRecorder({ sourceVideoUrl = '', onComplete }: VoiceoverRecorderOptions) {
  const [phase, setPhase] = useState<VoiceoverPhase>({ status: 'idle' });
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [unsaved, setUnsaved] = useState<RecordingUpload | null>(null);
  const sessionRef = useRef<VoiceoverSession | null>(null);
  const busyRef = useRef(false);
  const mountedRef = useRef(true);
  const latest = useRef({ sourceVideoUrl, onComplete });
  const { mutate: upload } = useUploadRecording();

  useEffect(() => {
    latest.current = { sourceVideoUrl, onComplete };
  });

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      sessionRef.current?.cancel();
      sessionRef.current = null;
      busyRef.current = false;
    };
  }, []);

  // Each recorded audio lives in memory until the next one replaces it or the card goes.
  useEffect(() => {
    if (!audioUrl) return;
    return () => URL.revokeObjectURL(audioUrl);
  }, [audioUrl]);

  const send = useCallback(
    (take: RecordingUpload) => {
      busyRef.current = true;
      setPhase({ status: 'saving' });
      upload(take, {
        onSuccess: () => {
          setUnsaved(null);
          latest.current.onComplete?.();
        },
        onError: () => setUnsaved(take),
        onSettled: () => {
          busyRef.current = false;
          setPhase({ status: 'idle' });
        },
      });
    },
    [upload],
  );

  // 'Recording stopped' is the card's saving status, not a toast: a toast would be replaced by 'Recording
  // saved' (one toast at a time) before anyone could read it.
  const announceStopped = useCallback(() => setPhase({ status: 'saving' }), []);

  const start = useCallback(async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setPhase({ status: 'starting' });
    let session: VoiceoverSession;
    try {
      session = await startVoiceoverRecording({ onScreenShareEnded: announceStopped });
    } catch (error) {
      console.error('Could not start the voiceover recording', error);
      busyRef.current = false;
      if (!mountedRef.current) return;
      setPhase({ status: 'idle' });
      toast({
        title: 'Recording failed',
        description: 'Could not start recording. Please check permissions.',
        variant: 'destructive',
      });
      return;
    }
    if (!mountedRef.current) {
      session.cancel();
      return;
    }
    sessionRef.current = session;
    setPhase({ status: 'recording', startedAt: session.startedAt });
    toast({ title: 'Recording started', description: 'Audio and screen are being recorded' });

    session.finished.then(
      (take) => {
        if (!mountedRef.current || sessionRef.current !== session) return;
        sessionRef.current = null;
        setAudioUrl(URL.createObjectURL(take.audio));
        send({ ...take, sourceVideoUrl: latest.current.sourceVideoUrl ?? '' });
      },
      (error: unknown) => {
        if (!mountedRef.current || sessionRef.current !== session) return;
        console.error('The voiceover recording failed', error);
        sessionRef.current = null;
        busyRef.current = false;
        setPhase({ status: 'idle' });
        toast({ title: 'Error', description: 'Failed to save recording', variant: 'destructive' });
      },
    );
  }, [announceStopped, send]);

  const stop = useCallback(() => {
    const session = sessionRef.current;
    if (!session) return;
    session.stop();
    announceStopped();
  }, [announceStopped]);

  const retry = useCallback(() => {
    if (unsaved && !busyRef.current) send(unsaved);
  }, [send, unsaved]);

  return { phase, audioUrl, unsaved: unsaved !== null, start, stop, retry };
}
