import { Square, Timer } from 'lucide-react';
import { memo, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import type { EngineState } from '../engine/analysis-engine';
import { TOOL_COLORS } from '../engine/annotations';
import { CAPTURE_RATES, MAX_CAPTURE_FPS, MIN_CAPTURE_FPS, isCaptureRate } from '../engine/timing';
import type { EngineHandle } from './use-analysis-engine';

type Props = { engine: EngineHandle; state: EngineState };

/** A rate as read: 240 → '240', 29.97002997 → '29.97'. */
export function formatFps(fps: number): string {
  return String(Math.round(fps * 100) / 100);
}

const OTHER = 'other';
const AS_RECORDED = '';

/**
 * The player's capture rate (issue 33, decision 62): 'as recorded' (the file's own capture rate when it
 * says one, else its frame rate), one of 30 to 960 fps, or a rate the member types ('Other…'). A 240 fps
 * clip saved at 30 fps then reads in real time everywhere: 8 s of file are 1 s.
 */
export function CaptureRateSelect({ engine, state }: Props) {
  const id = useId();
  const otherId = useId();
  const { timing, captureSource, fileTiming } = state;
  const chosen = captureSource === 'member' ? timing.captureFps : null;
  const listed = chosen !== null && (CAPTURE_RATES as readonly number[]).includes(chosen);
  const [typing, setTyping] = useState(false);
  const [text, setText] = useState('');
  const other = typing || (chosen !== null && !listed);
  const value = other ? OTHER : chosen === null ? AS_RECORDED : String(chosen);
  const fromFile = fileTiming?.captureFps ?? null;
  // As recorded: the file's own capture rate when it says one, else its frame rate ('30 fps (file)').
  const recorded = `${formatFps(fromFile ?? timing.fileFps)} fps (file)`;
  const typed = Number(text.trim().replace(',', '.'));
  const invalid = text.trim() !== '' && !isCaptureRate(typed);

  useEffect(() => {
    if (chosen !== null && !listed) setText(formatFps(chosen));
  }, [chosen, listed]);

  const apply = () => {
    if (text.trim() === '' || !isCaptureRate(typed)) return;
    engine.ensure()?.setCaptureRate(typed);
    setTyping(false);
  };

  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Capture
      </label>
      <select
        id={id}
        aria-label="Capture rate"
        value={value}
        disabled={state.mediaType !== 'video'}
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (v === OTHER) {
            setTyping(true);
            setText(formatFps(timing.captureFps));
            return;
          }
          setTyping(false);
          engine.ensure()?.setCaptureRate(v === AS_RECORDED ? null : Number(v));
        }}
        className="h-9 w-[7.5rem] rounded-md border border-input bg-background px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring"
      >
        <option value={AS_RECORDED}>{recorded}</option>
        {CAPTURE_RATES.map((fps) => (
          <option key={fps} value={String(fps)}>
            {fps} fps
          </option>
        ))}
        <option value={OTHER}>Other…</option>
      </select>
      {other && (
        <input
          id={otherId}
          type="text"
          inputMode="decimal"
          aria-label="Capture rate in frames per second"
          aria-invalid={invalid || undefined}
          title={`${MIN_CAPTURE_FPS}–${MAX_CAPTURE_FPS} fps; Enter applies`}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
          onBlur={apply}
          className={cn(
            'h-9 w-16 rounded-md border border-input bg-background px-2 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-ring',
            invalid && 'border-destructive',
          )}
        />
      )}
    </div>
  );
}

/**
 * The stopwatches of a player (issue 33), shown while the Stopwatch tool is chosen or there are any:
 * each with its real duration to the millisecond (or when it started, while it runs), and Stop, which
 * stops the running one on the frame shown.
 */
export const StopwatchBar = memo(function StopwatchBar({ engine, state }: Props) {
  const watches = state.annotationTexts.filter((t) => t.startsWith('Stopwatch '));
  if (state.tool !== 'stopwatch' && watches.length === 0) return null;
  return (
    <div
      role="group"
      aria-label="Stopwatches"
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs"
    >
      <div className="flex min-w-0 items-start gap-1.5">
        <Timer aria-hidden="true" className="size-4 shrink-0" style={{ color: TOOL_COLORS.stopwatch }} />
        {watches.length === 0 ? (
          <p className="text-muted-foreground">
            Click where to show a stopwatch: it starts on this frame. Step to the last frame, then Stop.
          </p>
        ) : (
          <ul aria-label="Stopwatch readings" className="flex flex-wrap gap-x-3 gap-y-1 tabular-nums">
            {watches.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
      </div>
      {state.stopwatchRunning && (
        <Button
          size="sm"
          variant="outline"
          className="h-8 px-2 text-xs"
          onClick={() => engine.ensure()?.stopStopwatch()}
        >
          <Square aria-hidden="true" />
          Stop on this frame
        </Button>
      )}
    </div>
  );
});
