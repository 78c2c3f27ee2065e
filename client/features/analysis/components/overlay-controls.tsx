import { Layers } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import type { AnalysisEngine } from '../engine/analysis-engine';
import { DEFAULT_OVERLAY_OPACITY, formatOpacity } from '../engine/overlay';

/** Page Up and Page Down move the slider by this many percent; the arrows by one. */
const PAGE_STEP = 10;

/**
 * Side by Side's Overlay (issue 33, decision 64): player 2 drawn over player 1 at an opacity, kept in
 * Sync. Turning Overlay on turns Sync on; turning Sync off turns Overlay off; each says so. `setSync` is
 * what the Sync switch calls.
 */
export function useOverlay(
  one: AnalysisEngine | null,
  two: AnalysisEngine | null,
  synced: boolean,
  setSynced: (on: boolean) => void,
) {
  const [on, setOn] = useState(false);
  /** Whole percents, as the slider moves. */
  const [percent, setPercent] = useState(Math.round(DEFAULT_OVERLAY_OPACITY * 100));
  const [note, setNote] = useState('');

  useEffect(() => {
    if (!one || !two || !on) return;
    one.setOverlay(two, percent / 100);
  }, [one, two, on, percent]);
  useEffect(() => {
    if (!one || !two || !on) return;
    return () => one.setOverlay(null, 0);
  }, [one, two, on]);

  const toggle = useCallback(
    (next: boolean) => {
      setOn(next);
      if (!next) return setNote('');
      setNote(
        synced
          ? 'Player 2 is drawn over Player 1, in Sync.'
          : 'Player 2 is drawn over Player 1. Sync turned on to keep them at the same moment.',
      );
      if (!synced) setSynced(true);
    },
    [synced, setSynced],
  );

  const setSync = useCallback(
    (next: boolean) => {
      setSynced(next);
      if (next || !on) return;
      setOn(false);
      setNote('Overlay turned off: it needs Sync.');
    },
    [on, setSynced],
  );

  return { on, toggle, percent, setPercent, note, setSync, ready: Boolean(one && two) };
}

type Overlay = ReturnType<typeof useOverlay>;

/** The Overlay switch and, while it is on, its opacity slider (0–100 %, arrows, Page keys, Home/End). */
export function OverlayControls({ overlay }: { overlay: Overlay }) {
  const switchId = useId();
  const sliderId = useId();
  const { on, percent, setPercent } = overlay;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'PageUp' && e.key !== 'PageDown') return;
    e.preventDefault();
    const next = percent + (e.key === 'PageUp' ? PAGE_STEP : -PAGE_STEP);
    setPercent(Math.min(100, Math.max(0, next)));
  };
  return (
    <div className="flex min-h-[42px] flex-1 flex-wrap items-center gap-x-2.5 gap-y-2 rounded-lg border px-3 py-2">
      <Layers aria-hidden="true" className="size-4 text-muted-foreground" />
      <Label htmlFor={switchId}>Overlay</Label>
      <Switch id={switchId} checked={on} disabled={!overlay.ready} onCheckedChange={overlay.toggle} />
      {on && (
        <div className="flex flex-1 basis-56 items-center gap-2 sm:flex-none sm:basis-auto">
          <label htmlFor={sliderId} className="text-xs font-medium text-muted-foreground">
            <span className="sr-only">Overlay </span>Opacity
          </label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={100}
            step={1}
            value={percent}
            aria-valuetext={formatOpacity(percent / 100)}
            onChange={(e) => setPercent(Number(e.currentTarget.value))}
            onKeyDown={onKeyDown}
            className="h-2 min-w-20 flex-1 cursor-pointer accent-primary sm:w-28 sm:flex-none"
          />
          <output htmlFor={sliderId} className="w-10 text-right text-xs font-semibold tabular-nums">
            {formatOpacity(percent / 100)}
          </output>
        </div>
      )}
    </div>
  );
}

/** What the Overlay did, said and shown under the switches ('Sync turned on…'). */
export function OverlayNote({ overlay }: { overlay: Overlay }) {
  return (
    <p role="status" className="px-4 text-xs text-muted-foreground not-empty:pt-2 sm:px-5">
      {overlay.note}
    </p>
  );
}
