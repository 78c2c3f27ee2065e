import { LoaderCircle, Mic, MonitorOff, RotateCcw, Square } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { focusIsLost } from '../../../lib/focus';
import { cn } from '../../../lib/utils';
import { formatElapsed } from '../month-grid';
import { useVoiceoverRecorder } from '../use-voiceover-recorder';
import { canRecordScreen } from '../voiceover-recorder';

export interface VoiceoverRecordingCardProps {
  /** '' or the /api/media/… URL of the video being talked over (the lesson video on a lesson page). */
  sourceVideoUrl?: string;
  /** Runs after a recording has been saved. */
  onComplete?: () => void;
  className?: string;
}

/** The time since `startedAt` (performance.now()), as m:ss, ticking while shown. */
function ElapsedTime({ startedAt }: { startedAt: number }) {
  const [elapsed, setElapsed] = useState(() => performance.now() - startedAt);
  useEffect(() => {
    const timer = setInterval(() => setElapsed(performance.now() - startedAt), 250);
    return () => clearInterval(timer);
  }, [startedAt]);
  return <span className="font-mono tabular-nums">{formatElapsed(elapsed)}</span>;
}

const noSubscribe = () => () => {};

/**
 * Whether this browser can record the screen; null while the page the server drew (docs/decisions.md decision
 * 33) is hydrated, where it cannot be known, and on the server.
 */
function useScreenRecordingSupport(): boolean | null {
  return useSyncExternalStore(noSubscribe, canRecordScreen, () => null);
}

/**
 * The 'VOICEOVER RECORDING' card (SPEC §2): start, a stop that pulses while recording, 'RECORDING IN
 * PROGRESS...' with the elapsed time, and the last recorded audio. The take uploads by itself; a failed
 * upload can be retried. Where the screen cannot be captured (most phones) start is disabled.
 */
export function VoiceoverRecordingCard({
  sourceVideoUrl,
  onComplete,
  className,
}: VoiceoverRecordingCardProps) {
  const supported = useScreenRecordingSupport();
  const { phase, audioUrl, unsaved, start, stop, retry } = useVoiceoverRecorder({
    sourceVideoUrl,
    onComplete,
  });
  const recording = phase.status === 'recording';
  const busy = phase.status !== 'idle';
  const startRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const lastStatus = useRef(phase.status);

  // Focus follows the take: Start hands it to Stop once recording, Stop back to Start once stopped (the
  // button pressed cannot be pressed again, and a disabled one would drop focus to the page). Focus that
  // the member has moved elsewhere stays where it is.
  useEffect(() => {
    const was = lastStatus.current;
    lastStatus.current = phase.status;
    const active = document.activeElement;
    if (phase.status === 'recording' && was !== 'recording') {
      if (focusIsLost() || active === startRef.current) stopRef.current?.focus();
    } else if (was === 'recording' && phase.status !== 'recording') {
      if (focusIsLost() || active === stopRef.current) startRef.current?.focus();
    }
  }, [phase.status]);

  return (
    <Card aria-labelledby="voiceover-recording-title" className={className}>
      <CardHeader>
        <CardTitle id="voiceover-recording-title">VOICEOVER RECORDING</CardTitle>
        <CardDescription>
          Talk over your screen: your voice and your screen are recorded together and saved to your calendar.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {supported ? null : (
          <p
            className={cn(
              'items-center gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground',
              // Not known yet (the page drawn by the server): shown where theme-init.js found no support.
              supported === null ? 'hidden [.no-screen-capture_&]:flex' : 'flex',
            )}
          >
            <MonitorOff aria-hidden="true" className="size-4 shrink-0" />
            Screen recording is not supported on this device
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {/* Unavailable while busy but still focusable (aria-disabled), so it can hold focus meanwhile. */}
          <Button
            ref={startRef}
            onClick={() => {
              if (!busy) void start();
            }}
            disabled={supported !== true}
            aria-disabled={busy || undefined}
            className={cn(busy && 'cursor-not-allowed opacity-50')}
          >
            <Mic aria-hidden="true" />
            Start Recording
          </Button>
          <Button
            ref={stopRef}
            // Red only while there is something to stop: disabled, it looks like any disabled button.
            variant={recording ? 'destructive' : 'outline'}
            onClick={stop}
            disabled={!recording}
            className={cn(recording && 'animate-pulse')}
          >
            <Square aria-hidden="true" />
            Stop Recording
          </Button>
        </div>

        {phase.status === 'recording' ? (
          <div
            role="status"
            className="flex items-center gap-3 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm font-bold tracking-wide"
          >
            <span aria-hidden="true" className="relative flex size-3">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-500 opacity-75" />
              <span className="relative inline-flex size-3 rounded-full bg-red-500" />
            </span>
            <span>RECORDING IN PROGRESS...</span>
            <ElapsedTime startedAt={phase.startedAt} />
          </div>
        ) : null}
        {phase.status === 'starting' ? (
          <p className="text-sm text-muted-foreground">Choose a screen to share and allow the microphone…</p>
        ) : null}
        {phase.status === 'saving' ? (
          // SPEC §8's 'Recording stopped' message, shown while the take saves; 'Recording saved' follows.
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
            <span>
              <span className="font-semibold text-foreground">Recording stopped</span> · Processing and saving
              your recording...
            </span>
          </p>
        ) : null}
        {unsaved && phase.status !== 'saving' ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/50 p-3 text-sm"
          >
            <span>Your last recording was not saved.</span>
            <Button size="sm" variant="outline" onClick={retry}>
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : null}

        <div className="grid gap-2">
          <p className="text-xs font-bold uppercase tracking-[0.15em] text-muted-foreground">
            Last recording
          </p>
          {audioUrl ? (
            <audio controls src={audioUrl} aria-label="Last recorded audio" className="w-full" />
          ) : (
            <p className="text-sm text-muted-foreground">Your last recorded audio will play here.</p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
