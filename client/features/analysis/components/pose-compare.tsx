import { GitCompareArrows } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { JOINTS, smoothSeries, type JointId } from '@common/pose';
import { ANGLE_CHART_COLORS, AngleChart, type AngleChartHandle } from '../../../components/angle-chart';
import type { AnalysisEngine, EngineState } from '../engine/analysis-engine';
import { realSeconds, realTimeAt } from '../engine/timing';
import { alignToFirst, compareCsv, compareHint, jointSeries, onRealClock } from '../pose/compare-series';
import { ChartDownloads } from './chart-downloads';
import { usePoseState } from './pose-panel';

type Player = { engine: AnalysisEngine | null; state: EngineState };

/**
 * Compare (issue 19): with Sync on and both clips analysed, one joint's angle of both athletes on one
 * chart, on player 1's real clock (a slow-motion clip's capture rate counted, as Sync counts it: issue
 * 33), player 2 shifted by the Sync offset (e.g. the coach's reference from the
 * lesson video against the member's attempt). The cursor follows player 1; a click seeks player 1 and
 * Sync moves player 2 with it. Everything stays on the device.
 */
export function PoseCompare({
  one,
  two,
  synced,
  offset,
}: {
  one: Player;
  two: Player;
  synced: boolean;
  /** Player 2's real time minus player 1's while Sync is on. */
  offset: number;
}) {
  const headingId = useId();
  const jointId = useId();
  const [joint, setJoint] = useState<JointId>('leftKnee');
  const chartRef = useRef<AngleChartHandle>(null);
  const run1 = usePoseState(one.engine?.pose).run;
  const run2 = usePoseState(two.engine?.pose).run;
  const first = run1.status === 'done' ? run1.result : null;
  const second = run2.status === 'done' ? run2.result : null;
  const hint = compareHint({ synced, analysed: [first !== null, second !== null] });
  const label = JOINTS.find((j) => j.id === joint)?.label ?? joint;
  const csvName = JOINTS.find((j) => j.id === joint)?.csv ?? joint;

  // Raw angles for the CSV (as the pose CSV writes them), smoothed ones for the chart (as its chart
  // draws them); player 2 is smoothed over its own frames before it is lined up. Both are on their
  // real clocks: the offset is real time, and a 240 fps capture's file time is 8 times its real time.
  const timing1 = one.state.timing;
  const timing2 = two.state.timing;
  const data = useMemo(() => {
    if (!synced || !first || !second) return null;
    const clock1 = onRealClock(first, timing1);
    const clock2 = onRealClock(second, timing2);
    const raw1 = jointSeries(first, joint);
    const raw2 = jointSeries(second, joint);
    const align = (values: readonly (number | null)[]) => alignToFirst(clock1, { ...clock2, values }, offset);
    return {
      times: clock1.times,
      raw: [raw1, align(raw2)] as const,
      series: [
        { label: `Player 1 – ${label}`, color: ANGLE_CHART_COLORS[0], values: smoothSeries(raw1) },
        { label: `Player 2 – ${label}`, color: ANGLE_CHART_COLORS[1], values: align(smoothSeries(raw2)) },
      ],
    };
  }, [synced, first, second, joint, label, offset, timing1, timing2]);

  const name = `side-by-side-${csvName.replaceAll('_', '-')}`;

  return (
    <section
      aria-labelledby={headingId}
      className="mx-3 mb-3 grid gap-3 rounded-lg border p-3 sm:mx-5 sm:mb-5"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-bold">
          <GitCompareArrows aria-hidden="true" className="size-4 text-brand" />
          Compare
        </h3>
        {data && (
          <>
            <div className="flex items-center gap-1.5">
              <label htmlFor={jointId} className="text-xs font-medium text-muted-foreground">
                Joint
              </label>
              <select
                id={jointId}
                value={joint}
                onChange={(e) => setJoint(e.currentTarget.value as JointId)}
                className="h-9 rounded-md border border-input bg-background px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring"
              >
                {JOINTS.map((j) => (
                  <option key={j.id} value={j.id}>
                    {j.label}
                  </option>
                ))}
              </select>
            </div>
            <ChartDownloads
              name={name}
              csv={() => compareCsv(joint, data.times, ...data.raw)}
              chartRef={chartRef}
            />
          </>
        )}
      </div>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {hint ??
          `On Player 1’s time; Player 2 shifted by the Sync offset (${offset >= 0 ? '+' : '−'}${Math.abs(offset).toFixed(2)} s).`}
      </p>
      {data && (
        <AngleChart
          ref={chartRef}
          label={`${label} of both players over time`}
          times={data.times}
          duration={realSeconds(one.state.duration, timing1)}
          series={data.series}
          cursor={realTimeAt(one.state.time, timing1)}
          onSeek={(t) => one.engine?.seekReal(t)}
        />
      )}
    </section>
  );
}
