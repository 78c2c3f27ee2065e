import {
  DraftingCompass,
  Download,
  FileSpreadsheet,
  FolderOpen,
  GraduationCap,
  MessagesSquare,
  Pause,
  Pencil,
  Play,
  Ruler,
  Scan,
  Send,
  Slash,
  Spline,
  StepBack,
  StepForward,
  Timer,
  Trash2,
  Undo2,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { memo, useId, useState, type ReactNode } from 'react';
import { CANVAS_HEIGHT, CANVAS_WIDTH, MAX_ZOOM, MIN_ZOOM } from '@common/geometry';
import { PostAttemptDialog, type TargetKind } from '../../../components/attempts/post-attempt-dialog';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { IconButton } from '../../../components/ui/icon-button';
import { Tooltip } from '../../../components/ui/tooltip';
import { ATTEMPT_CLIP_SECONDS, type AttemptDraft } from '../../../lib/attempts';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import type { EngineState } from '../engine/analysis-engine';
import { SPEEDS, TOOL_COLORS, type Speed } from '../engine/annotations';
import { CANVAS_INSTRUCTIONS } from '../engine/shortcuts';
import { downloadBlob } from '../../../lib/download-blob';
import { realSeconds, realTimeAt, slowMotionFactor } from '../engine/timing';
import { formatClock } from './format-clock';
import { CaptureRateSelect } from './timing-controls';
import type { EngineHandle } from './use-analysis-engine';

const CANVAS_ASPECT_RATIO = `${CANVAS_WIDTH} / ${CANVAS_HEIGHT}`;

type ControlProps = { engine: EngineHandle; state: EngineState; compact?: boolean };

const TOOL_BUTTONS = [
  { tool: 'draw', label: 'Draw', key: 'D', Icon: Pencil },
  { tool: 'line', label: 'Line', key: 'L', Icon: Slash },
  { tool: 'angle', label: 'Angle', key: 'A', Icon: DraftingCompass },
] as const;

/** The measuring tools (issue 33): icons with their colour, grouped apart so that the row stays short. */
const MEASURE_BUTTONS = [
  { tool: 'stopwatch', label: 'Stopwatch', key: 'S', Icon: Timer },
  { tool: 'trajectory', label: 'Trajectory', key: 'T', Icon: Spline },
  { tool: 'calibrate', label: 'Calibrate', key: 'K', Icon: Ruler },
] as const;

const toggleClass =
  'aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:hover:bg-primary-hover aria-pressed:shadow-sm';

/**
 * Draw, line and angle as toggle buttons (aria-pressed), each with its colour; then the measuring tools
 * (stopwatch, trajectory, calibrate) as a group of icons with their colours and names in tooltips; then
 * undo and clear. On a phone the full buttons keep only their icons (their words stay for screen
 * readers).
 */
export const ToolButtons = memo(function ToolButtons({ engine, state, compact = false }: ControlProps) {
  const button = (
    { tool, label, key, Icon }: (typeof TOOL_BUTTONS | typeof MEASURE_BUTTONS)[number],
    compact: boolean,
  ) => {
    const pressed = state.tool === tool;
    const swatch = (
      <span
        aria-hidden="true"
        className="size-2 rounded-full ring-1 ring-black/20"
        style={{ backgroundColor: TOOL_COLORS[tool] }}
      />
    );
    return compact ? (
      <Tooltip key={tool} label={`${label} (${key})`}>
        <Button
          aria-label={label}
          aria-pressed={pressed}
          size="icon"
          variant="outline"
          className={cn('relative size-9', toggleClass)}
          onClick={() => engine.ensure()?.toggleTool(tool)}
        >
          <Icon aria-hidden="true" />
          <span className="absolute bottom-1 right-1">{swatch}</span>
        </Button>
      </Tooltip>
    ) : (
      <Tooltip key={tool} label={`Shortcut: ${key}`}>
        <Button
          aria-pressed={pressed}
          size="sm"
          variant="outline"
          className={cn('gap-1.5 px-2.5', toggleClass)}
          onClick={() => engine.ensure()?.toggleTool(tool)}
        >
          <Icon aria-hidden="true" />
          <span className="max-sm:sr-only">{label}</span>
          {swatch}
        </Button>
      </Tooltip>
    );
  };
  return (
    <div role="group" aria-label="Tools" className="flex flex-wrap items-center gap-1.5">
      {TOOL_BUTTONS.map((b) => button(b, compact))}
      <div role="group" aria-label="Measure" className="flex items-center gap-1.5 border-l pl-1.5">
        {MEASURE_BUTTONS.map((b) => button(b, true))}
      </div>
      {/* Undo and Clear wrap together when the tools fill the row. */}
      <div className="flex items-center gap-1.5">
        <IconButton
          label="Undo"
          className="size-9"
          disabled={state.annotationCount === 0 && state.trajectoryPoints === 0}
          onClick={() => engine.ensure()?.undo()}
        >
          <Undo2 aria-hidden="true" />
        </IconButton>
        {/* Named apart from a discussion's Clear on the same page; the visible word stays. */}
        <Button
          size="sm"
          variant="outline"
          aria-label="Clear drawings"
          className="gap-1.5 px-2.5 max-sm:w-9 max-sm:px-0"
          onClick={() => engine.ensure()?.clear()}
        >
          <Trash2 aria-hidden="true" />
          <span className="max-sm:sr-only">Clear</span>
        </Button>
      </div>
    </div>
  );
});

/** Zoom out, the zoom reading, zoom in and reset; the buttons stop at 0.5× and 4×. */
export const ZoomButtons = memo(function ZoomButtons({ engine, state }: ControlProps) {
  return (
    <div role="group" aria-label="Zoom" className="flex items-center gap-0.5">
      <IconButton
        label="Zoom out"
        className="size-9"
        disabled={state.zoom <= MIN_ZOOM}
        onClick={() => engine.ensure()?.zoomOut()}
      >
        <ZoomOut aria-hidden="true" />
      </IconButton>
      <output aria-label="Zoom level" className="w-12 text-center text-xs font-semibold tabular-nums">
        {Math.round(state.zoom * 100)}%
      </output>
      <IconButton
        label="Zoom in"
        className="size-9"
        disabled={state.zoom >= MAX_ZOOM}
        onClick={() => engine.ensure()?.zoomIn()}
      >
        <ZoomIn aria-hidden="true" />
      </IconButton>
      <IconButton label="Reset zoom" className="size-9" onClick={() => engine.ensure()?.resetView()}>
        <Scan aria-hidden="true" />
      </IconButton>
    </div>
  );
});

/** Play/pause, frame steps, the seek bar with the time, and the speed selector; for videos only. */
export const PlaybackBar = memo(function PlaybackBar({ engine, state, compact = false }: ControlProps) {
  const speedId = useId();
  const isVideo = state.mediaType === 'video';
  const disabled = !isVideo;
  // Real time (issue 33): on a clip captured at another rate than its file's, the frame shown counted at
  // the capture rate, to the ms; on any other, the media time as it always read.
  const slowed = slowMotionFactor(state.timing) !== 1;
  const digits = slowed ? 3 : 2;
  const now = formatClock(slowed ? realTimeAt(state.time, state.timing) : state.time, digits);
  const total = formatClock(realSeconds(state.duration, state.timing), digits);
  return (
    <div role="group" aria-label="Playback" className="flex flex-wrap items-center gap-x-1 gap-y-2">
      <IconButton
        label="Previous frame"
        className="size-9"
        disabled={disabled}
        onClick={() => engine.ensure()?.step(-1)}
      >
        <StepBack aria-hidden="true" />
      </IconButton>
      <IconButton
        label={state.playing ? 'Pause' : 'Play'}
        variant="secondary"
        className="size-9"
        disabled={disabled}
        onClick={() => engine.ensure()?.togglePlay()}
      >
        {state.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      </IconButton>
      <IconButton
        label="Next frame"
        className="size-9"
        disabled={disabled}
        onClick={() => engine.ensure()?.step(1)}
      >
        <StepForward aria-hidden="true" />
      </IconButton>
      {/* On a phone the seek bar fills the first row after the buttons; the time and the speed share the next. */}
      <input
        type="range"
        aria-label="Seek"
        min={0}
        max={state.duration || 0}
        step="any"
        value={Math.min(state.time, state.duration || 0)}
        aria-valuetext={`${now} of ${total}`}
        disabled={disabled || state.duration === 0}
        onChange={(e) => engine.ensure()?.seek(Number(e.currentTarget.value))}
        className={cn(
          'mx-1 h-2 min-w-24 flex-1 basis-24 cursor-pointer accent-primary disabled:cursor-not-allowed',
          !compact && 'sm:basis-48',
        )}
      />
      <span role="timer" aria-label="Time" className="shrink-0 text-xs tabular-nums text-muted-foreground">
        {now} / {total}
      </span>
      {/* On a phone, Capture and Speed share a row of their own. */}
      <div className="flex items-center gap-1.5 max-sm:w-full max-sm:justify-between sm:ml-auto sm:pl-2">
        <CaptureRateSelect engine={engine} state={state} />
        <div className="flex items-center gap-1.5">
          <label htmlFor={speedId} className="text-xs font-medium text-muted-foreground">
            Speed
          </label>
          <select
            id={speedId}
            value={state.speed}
            onChange={(e) => engine.ensure()?.setSpeed(e.currentTarget.value as Speed)}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
});

/** The file picker (video/* and image/*); other files are ignored by the engine. */
export const MediaFileInput = memo(function MediaFileInput({
  engine,
  label,
  compact = false,
}: {
  engine: EngineHandle;
  label: string;
  compact?: boolean;
}) {
  const id = useId();
  return (
    <div className="relative">
      <input
        id={id}
        type="file"
        accept="video/*,image/*"
        aria-label={label}
        className="peer sr-only"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) engine.ensure()?.load(file);
          // The same file can be chosen again after Clear.
          e.currentTarget.value = '';
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          'inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-input px-3 text-sm font-semibold transition-colors hover:bg-accent peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
          !compact && 'bg-primary text-primary-foreground border-transparent hover:bg-primary-hover',
        )}
      >
        <FolderOpen aria-hidden="true" className="size-4" />
        {compact ? 'Load' : 'Load video or image'}
      </label>
    </div>
  );
});

/** Saves the current frame with its drawings as a PNG file. */
export const ExportButton = memo(function ExportButton({
  engine,
  name,
}: {
  engine: EngineHandle;
  name: string;
}) {
  return (
    <IconButton
      label="Export frame as PNG"
      className="size-9"
      onClick={async () => {
        const made = engine.ensure();
        if (!made) return;
        try {
          const blob = await made.exportPng();
          const url = URL.createObjectURL(blob);
          const a = document.createElement('a');
          a.href = url;
          a.download = `${name}.png`;
          a.click();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
        } catch (error) {
          console.error('Export failed', error);
        }
      }}
    >
      <Download aria-hidden="true" />
    </IconButton>
  );
});

/**
 * 'Measurements CSV' (issue 33): every annotation of the player with what it measures, in pixels and
 * the calibrated unit, and stopwatches in real seconds (measurements-csv.ts), saved as `<name>-measurements.csv`.
 */
export const MeasurementsCsvButton = memo(function MeasurementsCsvButton({
  engine,
  name,
}: {
  engine: EngineHandle;
  name: string;
}) {
  return (
    <IconButton
      label="Measurements CSV"
      className="size-9"
      onClick={() => {
        const made = engine.ensure();
        if (!made) return;
        downloadBlob(new Blob([made.measurementsCsv()], { type: 'text/csv' }), `${name}-measurements.csv`);
      }}
    >
      <FileSpreadsheet aria-hidden="true" />
    </IconButton>
  );
});

/**
 * The stage: a dark band up to 400px high holding the engine's 800 × 400 canvas, scaled down on narrow
 * screens, with the angle banner and, before any media, a hint. For screen readers it also holds the
 * canvas's keyboard instructions (`descriptionId`), the annotations as a list of text, and a status
 * that says each keyboard step and each saved or removed annotation.
 */
export const AnalysisStage = memo(function AnalysisStage({
  hostRef,
  descriptionId,
  state,
  hint,
  hostClassName,
}: {
  hostRef: (host: HTMLDivElement | null) => void;
  descriptionId: string;
  state: EngineState;
  hint: ReactNode;
  /** Classes for the canvas's box, which is as wide as the stage up to 800 px (a tighter limit, say). */
  hostClassName?: string;
}) {
  return (
    <div className="relative overflow-hidden bg-black">
      {/* The canvas's size before the engine has made it (a page drawn by the server): nothing moves then. */}
      <div
        ref={hostRef}
        className={cn('mx-auto w-full max-w-[800px]', hostClassName)}
        style={{ aspectRatio: CANVAS_ASPECT_RATIO }}
      />
      {state.mediaType === null && (
        <div className="pointer-events-none absolute inset-0 grid place-content-center justify-items-center gap-2 p-4 text-center text-sm text-zinc-300">
          {hint}
        </div>
      )}
      <div role="status" className="pointer-events-none absolute inset-x-0 top-3 flex justify-center px-3">
        {state.banner && (
          <span className="animate-fade-in rounded-md bg-yellow-400 px-3 py-1.5 text-sm font-bold text-black shadow-lg">
            {state.banner}
          </span>
        )}
      </div>
      {/* Hidden: read as the canvas's description only, not a second time in the page. */}
      <p id={descriptionId} hidden>
        {CANVAS_INSTRUCTIONS}
      </p>
      <div className="sr-only">
        {state.annotationTexts.length === 0 ? (
          <p>Annotations: none yet.</p>
        ) : (
          <ul aria-label="Annotations">
            {state.annotationTexts.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
      </div>
      <div role="status" className="sr-only">
        {state.announcement && <span key={state.announcement.id}>{state.announcement.text}</span>}
      </div>
    </div>
  );
});

/**
 * 'Post' → 'Post to lesson…' / 'Post to chat' (issue 18 part 4): what `makeDraft` makes (the frame
 * with its angle values, or a pose chart) goes to the post dialog; a failure to make it is a toast.
 */
export function PostMenu({
  disabled,
  makeDraft,
  label = 'Post',
  size = 'sm',
  variant = 'ghost',
}: {
  disabled: boolean;
  makeDraft: () => Promise<AttemptDraft>;
  label?: string;
  size?: 'sm' | 'default';
  variant?: 'ghost' | 'outline';
}) {
  const [open, setOpen] = useState<{ draft: AttemptDraft; target: TargetKind } | null>(null);
  const start = async (target: TargetKind) => {
    try {
      setOpen({ draft: await makeDraft(), target });
    } catch (error) {
      console.error('Export failed', error);
      toast({ title: 'Error', description: 'Could not export the frame', variant: 'destructive' });
    }
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size={size} variant={variant} disabled={disabled} className="h-9">
            <Send aria-hidden="true" />
            {label}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void start('lesson')}>
            <GraduationCap aria-hidden="true" />
            Post to lesson…
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void start('chat')}>
            <MessagesSquare aria-hidden="true" />
            Post to chat
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {open && (
        <PostAttemptDialog draft={open.draft} initialTarget={open.target} onClose={() => setOpen(null)} />
      )}
    </>
  );
}

/**
 * 'Post' (issue 18 part 4): 'Post to lesson…' or 'Post to chat' sends the current frame, exported with
 * its angle values, and if the member chooses the clip's segment around it, with a caption.
 */
export const PostAttemptMenu = memo(function PostAttemptMenu({
  engine,
  state,
}: {
  engine: EngineHandle;
  state: EngineState;
}) {
  return (
    <PostMenu
      // Media is loaded only into an engine: with media, there is one.
      disabled={!state.mediaType}
      makeDraft={async () => {
        const made = engine.ensure()!;
        const video = state.mediaType === 'video';
        return {
          kind: 'frame',
          image: await made.exportPng(),
          angles: made.angleValues(),
          frameSeconds: video ? made.currentTime : null,
          clip: video ? made.clipMaker(ATTEMPT_CLIP_SECONDS) : null,
        };
      }}
    />
  );
});
