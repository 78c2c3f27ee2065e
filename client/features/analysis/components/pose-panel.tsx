import { Activity, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { JOINTS, jointAngles, poseCsv, smoothSeries, type JointId } from '@common/pose';
import { AngleChart, type AngleChartHandle } from '../../../components/angle-chart';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { focusIsLost } from '../../../lib/focus';
import type { AnalysisEngine, EngineState } from '../engine/analysis-engine';
import { realSeconds, realSecondsOfFrames, realTimeAt, type Timing } from '../engine/timing';
import { POSE_MODELS, type PoseModel } from '../pose/pose-assets';
import { PostMenu } from './analysis-controls';
import { ChartDownloads } from './chart-downloads';
import { NO_ATHLETE, POSE_OFF, type PoseLayer, type PoseState } from '../pose/pose-layer';

/** A clip longer than this asks before it is analysed (issue 19). */
const ASK_ABOVE_SECONDS = 10 * 60;

/**
 * Each joint's line on the chart, from the chart's palette (legible on both themes): cool colours for
 * the athlete's left side, warm ones for the right, as on the skeleton.
 */
export const JOINT_COLORS: Readonly<Record<JointId, string>> = {
  leftKnee: '#2563eb',
  rightKnee: '#ea580c',
  leftHip: '#0891b2',
  rightHip: '#dc2626',
  leftElbow: '#059669',
  rightElbow: '#a16207',
  leftShoulder: '#8b5cf6',
  rightShoulder: '#db2777',
  trunkLean: '#65a30d',
};

const noSubscribe = () => () => {};
const offState = () => POSE_OFF;

/** Follows a player's pose layer (the idle state until its engine exists). */
export function usePoseState(layer: PoseLayer | undefined): PoseState {
  const get = layer?.getState ?? offState;
  return useSyncExternalStore(layer?.subscribe ?? noSubscribe, get, get);
}

/** An analysed frame's real time: its number (counted from 0 at the file's rate) over the capture rate. */
const poseFrameSeconds = (frame: number, timing: Timing) => realSecondsOfFrames(frame, timing);

const degrees = (value: number | null) => (value === null ? '—' : `${Math.round(value)}°`);

/**
 * The pose controls under a player (issue 19): the Pose switch and model, the shown frame's joint
 * angles, and 'Analyse clip' with its chart and exports. Everything runs on the device.
 */
export function PosePanel({
  engine,
  state,
  name,
}: {
  engine: AnalysisEngine | null;
  state: EngineState;
  /** The downloads' file name stem, e.g. 'analysis' → analysis-pose.csv. */
  name: string;
}) {
  const layer = engine?.pose;
  const pose = usePoseState(layer);
  const switchId = useId();
  const modelId = useId();
  const on = pose.status !== 'off';

  return (
    <section aria-label="Pose" className="grid gap-3 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <Activity aria-hidden="true" className="size-4 text-brand" />
          <Label htmlFor={switchId}>Pose</Label>
          <Switch
            id={switchId}
            checked={on && pose.status !== 'failed'}
            disabled={!engine}
            onCheckedChange={(checked) => void layer?.setOn(checked)}
          />
        </div>
        <div className="flex items-center gap-1.5">
          <label htmlFor={modelId} className="text-xs font-medium text-muted-foreground">
            Model
          </label>
          <select
            id={modelId}
            value={pose.model}
            disabled={!engine || pose.status === 'loading' || pose.run.status === 'running'}
            onChange={(e) => void layer?.setModel(e.currentTarget.value as PoseModel)}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring"
          >
            {POSE_MODELS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label} ({m.size})
              </option>
            ))}
          </select>
        </div>
        <PoseStatus pose={pose} hasMedia={state.mediaType !== null} />
      </div>
      {pose.status === 'ready' && state.mediaType !== null && <CurrentAngles pose={pose} />}
      {pose.status === 'ready' && state.mediaType === 'video' && (
        <ClipAnalysisControls engine={engine!} layer={layer!} pose={pose} state={state} name={name} />
      )}
    </section>
  );
}

function PoseStatus({ pose, hasMedia }: { pose: PoseState; hasMedia: boolean }) {
  let text: string | null = null;
  if (pose.status === 'loading') text = 'Loading the pose model…';
  else if (pose.status === 'ready' && !hasMedia) text = 'Load a video or image to find the athlete.';
  else if (pose.status === 'ready' && pose.athlete === false) text = NO_ATHLETE;
  return (
    <>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {text}
      </p>
      {pose.status === 'failed' && (
        <p role="alert" className="w-full text-sm font-medium text-destructive">
          {pose.message}
        </p>
      )}
    </>
  );
}

function CurrentAngles({ pose }: { pose: PoseState }) {
  return (
    <dl
      aria-label="Joint angles in this frame"
      className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3"
    >
      {JOINTS.map((j) => (
        <div key={j.id} className="flex items-center justify-between gap-2">
          <dt className="flex items-center gap-1.5 text-muted-foreground">
            <span
              aria-hidden="true"
              className="size-2 shrink-0 rounded-full"
              style={{ background: JOINT_COLORS[j.id] }}
            />
            {j.label}
          </dt>
          <dd className="font-semibold tabular-nums">{degrees(pose.angles?.[j.id] ?? null)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ClipAnalysisControls({
  engine,
  layer,
  pose,
  state,
  name,
}: {
  engine: AnalysisEngine;
  layer: PoseLayer;
  pose: PoseState;
  state: EngineState;
  name: string;
}) {
  const [asking, setAsking] = useState(false);
  const [picked, setPicked] = useState<readonly JointId[]>(['leftKnee', 'rightKnee']);
  const chartRef = useRef<AngleChartHandle>(null);
  const run = pose.run;
  const result = run.status === 'done' ? run.result : null;

  // Real time (issue 33): an analysed frame is at its number over the capture rate, so that frame 240
  // of a 240 fps capture is at 1.000 s on the chart and in the CSV.
  const timing = state.timing;
  const chart = useMemo(() => {
    if (!result) return null;
    const angles = result.frames.map((f) => jointAngles(f.landmarks, result.size));
    return {
      times: result.frames.map((f) => poseFrameSeconds(f.frame, timing)),
      series: JOINTS.filter((j) => picked.includes(j.id)).map((j) => ({
        label: j.label,
        color: JOINT_COLORS[j.id],
        values: smoothSeries(angles.map((a) => a[j.id].degrees)),
      })),
      empty: result.frames.every((f) => f.landmarks === null),
    };
  }, [result, picked, timing]);

  const start = () => (state.duration > ASK_ABOVE_SECONDS ? setAsking(true) : void layer.analyse());

  // Focus follows the run (issue 30): 'Analyse clip' hands it to Cancel while the clip is analysed, and
  // Cancel hands it back to 'Analyse clip' (or '… again') once the run ends, however it ends. The control
  // pressed is replaced by the other, which would drop focus to the page. Focus that the member has moved
  // elsewhere meanwhile stays where it is.
  const analyseRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const running = run.status === 'running';
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current === running) return;
    wasRunning.current = running;
    if (focusIsLost()) (running ? cancelRef : analyseRef).current?.focus();
  }, [running]);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {run.status === 'running' ? (
          <>
            <progress
              aria-label="Analysing the clip"
              value={run.done}
              max={Math.max(run.total, 1)}
              className="h-2 min-w-32 flex-1 accent-primary"
            />
            <span className="text-xs tabular-nums text-muted-foreground" aria-live="polite">
              {run.total > 0 ? `Frame ${run.done} of ${run.total}` : 'Measuring the frame rate…'}
            </span>
            <Button ref={cancelRef} variant="outline" size="sm" onClick={() => layer.cancelAnalysis()}>
              <X aria-hidden="true" />
              Cancel
            </Button>
          </>
        ) : (
          <Button ref={analyseRef} variant="secondary" size="sm" onClick={start}>
            {result ? 'Analyse clip again' : 'Analyse clip'}
          </Button>
        )}
        {result && (
          <>
            <ChartDownloads
              name={`${name}-pose`}
              csv={() =>
                poseCsv(result.frames, result.size, picked, (f) => poseFrameSeconds(f.frame, timing))
              }
              chartRef={chartRef}
            />
            <PostMenu
              label="Post chart"
              variant="outline"
              disabled={false}
              makeDraft={async () => {
                const image = await chartRef.current?.toPngBlob();
                if (!image) throw new Error('The chart is not drawn');
                const labels = new Set(JOINTS.filter((j) => picked.includes(j.id)).map((j) => j.label));
                return {
                  kind: 'frame',
                  image,
                  // The picked joints' angles in the frame the player shows (the chart's cursor).
                  angles: layer.angleValues().filter((a) => labels.has(a.label)),
                  frameSeconds: engine.currentTime,
                  clip: null,
                };
              }}
            />
          </>
        )}
      </div>
      {run.status === 'failed' && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {run.message}
        </p>
      )}
      {result && chart && (
        <>
          <fieldset className="flex flex-wrap gap-x-3 gap-y-1.5">
            <legend className="mb-1 text-xs font-medium text-muted-foreground">Joints on the chart</legend>
            {JOINTS.map((j) => (
              <label key={j.id} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={picked.includes(j.id)}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setPicked((p) => (checked ? [...p, j.id] : p.filter((id) => id !== j.id)));
                  }}
                />
                {j.label}
              </label>
            ))}
          </fieldset>
          {chart.empty && <p className="text-sm text-muted-foreground">{NO_ATHLETE}</p>}
          <AngleChart
            ref={chartRef}
            label="Joint angles over time"
            times={chart.times}
            duration={realSeconds(state.duration, timing)}
            series={chart.series}
            cursor={realTimeAt(state.time, timing)}
            onSeek={(t) => engine.seekReal(t)}
          />
        </>
      )}
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            // Its opener, 'Analyse clip', has made way for Cancel when the member chose Analyse.
            const target = cancelRef.current ?? analyseRef.current;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Analyse a long clip?</AlertDialogTitle>
            <AlertDialogDescription>
              This clip is longer than 10 minutes. Analysing every frame can take a long time and keeps your
              device busy.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void layer.analyse()}>Analyse</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
