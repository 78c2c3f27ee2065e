import { Check, Ruler, Spline, X } from 'lucide-react';
import { memo, useId, useState, type FormEvent } from 'react';
import { distance } from '@common/geometry';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError, invalidField } from '../../../components/ui/field-error';
import { fieldClass, Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/utils';
import type { EngineState } from '../engine/analysis-engine';
import { TOOL_COLORS } from '../engine/annotations';
import { FOLLOW_JOINTS, type FollowJoint } from '../engine/trajectory';
import { LENGTH_UNITS, formatLength, type LengthUnit } from '../engine/units';
import { usePoseState } from './pose-panel';
import type { EngineHandle } from './use-analysis-engine';

type Props = { engine: EngineHandle; state: EngineState };

const UNIT_NAMES: Record<LengthUnit, string> = {
  cm: 'centimetres (cm)',
  m: 'metres (m)',
  in: 'inches (in)',
  ft: 'feet (ft)',
};

/** The longest real length a reference may be typed as (a kilometre): beyond it, a typo. */
const MAX_REFERENCE_METRES = 1000;
const METRES: Record<LengthUnit, number> = { cm: 0.01, m: 1, in: 0.0254, ft: 0.3048 };

/** What is wrong with a typed reference length, or null when it is usable. */
export function referenceLengthProblem(text: string, unit: LengthUnit): string | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 'Type the real length of the line you drew.';
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return 'Type a number, such as 1 or 0.75.';
  if (value <= 0) return 'The length must be more than 0.';
  if (value * METRES[unit] > MAX_REFERENCE_METRES) return 'That is longer than a kilometre: check the unit.';
  return null;
}

/**
 * The calibration and trajectory controls of one player (issue 33, part 3), in a row under its tools,
 * shown only when there is something to say: the calibration and its Reset, the trajectory under way
 * with its Finish and 'Follow joint'. Also the dialog that asks a reference line's real length.
 */
export const MeasureBar = memo(function MeasureBar({ engine, state }: Props) {
  const { calibration, tool, trajectoryPoints } = state;
  const tracing = tool === 'trajectory' || trajectoryPoints > 0;
  const calibrating = tool === 'calibrate' && !calibration;
  return (
    <>
      {(calibration || tracing || calibrating) && (
        <div
          role="group"
          aria-label="Measurements"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs"
        >
          {calibration ? (
            <div className="flex min-w-0 items-center gap-1.5">
              <Ruler
                aria-hidden="true"
                className="size-4 shrink-0"
                style={{ color: TOOL_COLORS.calibrate }}
              />
              <span className="min-w-0 truncate">
                <span className="font-semibold">Calibrated:</span>{' '}
                <span className="tabular-nums">
                  {Math.round(distance(calibration.start, calibration.end))} px ={' '}
                  {formatLength(distance(calibration.start, calibration.end), calibration)}
                </span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                className="h-8 px-2 text-xs"
                onClick={() => engine.ensure()?.setCalibration(null)}
              >
                <X aria-hidden="true" />
                Reset calibration
              </Button>
            </div>
          ) : (
            calibrating && (
              <p className="text-muted-foreground">
                Draw a line over something of known length; you will be asked how long it is.
              </p>
            )
          )}
          {tracing && <TrajectoryControls engine={engine} state={state} />}
        </div>
      )}
      <CalibrationDialog engine={engine} state={state} />
    </>
  );
});

/** The trajectory under way (its points and Finish) and 'Follow joint' from the pose analysis. */
function TrajectoryControls({ engine, state }: Props) {
  // Drawn only while a trajectory is under way, which only an engine starts: it exists.
  const pose = usePoseState(engine.current()?.pose);
  const jointId = useId();
  const hintId = useId();
  const analysed = pose.run.status === 'done' && state.mediaType === 'video';
  const points = state.trajectoryPoints;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <div className="flex items-center gap-1.5">
        <Spline aria-hidden="true" className="size-4 shrink-0" style={{ color: TOOL_COLORS.trajectory }} />
        <span aria-live="polite" className="tabular-nums">
          {points === 0
            ? 'Click the point to follow: each click sets it and shows the next frame.'
            : `Trajectory: ${points} ${points === 1 ? 'point' : 'points'}`}
        </span>
        {points > 0 && (
          <Button
            size="sm"
            variant="outline"
            className="h-8 px-2 text-xs"
            onClick={() => engine.ensure()?.finishTrajectory()}
          >
            <Check aria-hidden="true" />
            Finish
          </Button>
        )}
      </div>
      <div className="flex items-center gap-1.5">
        <label htmlFor={jointId} className="whitespace-nowrap font-medium text-muted-foreground">
          Follow joint
        </label>
        <select
          id={jointId}
          value=""
          disabled={!analysed}
          aria-describedby={analysed ? undefined : hintId}
          onChange={(e) => {
            const joint = e.currentTarget.value as FollowJoint;
            if (joint) engine.ensure()?.followJoint(joint);
          }}
          className="h-8 rounded-md border border-input bg-background px-2 text-xs font-medium focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
        >
          <option value="">{analysed ? 'Choose…' : 'Analyse clip first'}</option>
          {FOLLOW_JOINTS.map((j) => (
            <option key={j.name} value={j.name}>
              {j.label}
            </option>
          ))}
        </select>
        {!analysed && (
          <span id={hintId} className="sr-only">
            It follows a joint once the clip is analysed: turn Pose on, then Analyse clip.
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * Asks the real length of the reference line just drawn (state.reference), in cm, m, in or ft, and
 * calibrates the player with it; closing it keeps the player as it was.
 */
function CalibrationDialog({ engine, state }: Props) {
  const reference = state.reference;
  return (
    <Dialog
      open={reference !== null}
      onOpenChange={(open) => {
        if (!open) engine.ensure()?.cancelReference();
      }}
    >
      {reference && (
        <DialogContent className="max-w-sm">
          <CalibrationForm
            pixels={distance(reference.start, reference.end)}
            initialUnit={state.calibration?.unit ?? 'm'}
            onSubmit={(length, unit) => engine.ensure()?.setCalibration({ ...reference, length, unit })}
            onCancel={() => engine.ensure()?.cancelReference()}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function CalibrationForm({
  pixels,
  initialUnit,
  onSubmit,
  onCancel,
}: {
  pixels: number;
  initialUnit: LengthUnit;
  onSubmit: (length: number, unit: LengthUnit) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [unit, setUnit] = useState<LengthUnit>(initialUnit);
  const [error, setError] = useState<string | null>(null);
  const lengthId = useId();
  const unitId = useId();
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = referenceLengthProblem(text, unit);
    setError(problem);
    if (!problem) onSubmit(Number(text.trim().replace(',', '.')), unit);
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Calibrate</DialogTitle>
        <DialogDescription>
          How long is the line you drew ({Math.round(pixels)} px of the picture) in real life? Every length is
          then shown in that unit, and speeds in m/s.
        </DialogDescription>
      </DialogHeader>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={lengthId}>Real length</Label>
          <Input
            id={lengthId}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              if (error) setError(null);
            }}
            {...invalidField(errorId, error)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={unitId}>Unit</Label>
          <select
            id={unitId}
            value={unit}
            onChange={(e) => setUnit(e.currentTarget.value as LengthUnit)}
            className={cn(fieldClass, 'h-10 w-auto py-2')}
          >
            {LENGTH_UNITS.map((u) => (
              <option key={u} value={u} aria-label={UNIT_NAMES[u]}>
                {u}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id={errorId} message={error} announce />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Calibrate</Button>
      </DialogFooter>
    </form>
  );
}
