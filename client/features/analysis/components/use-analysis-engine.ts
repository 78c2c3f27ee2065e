import { useCallback, useEffect, useId, useState, useSyncExternalStore, type RefObject } from 'react';
import { AnalysisEngine, IDLE_STATE } from '../engine/analysis-engine';
import { applyShortcut, isShortcutTarget } from '../engine/shortcuts';

const noSubscribe = () => () => {};
const idleState = () => IDLE_STATE;

/**
 * Mounts an engine on the element given to `hostRef` and follows its small state. Pointer moves never
 * reach React: only tool, zoom, playback, annotation and banner changes do. `descriptionId` is the id
 * the canvas's keyboard instructions must have (its `aria-describedby`).
 */
export function useAnalysisEngine(label: string) {
  const [engine, setEngine] = useState<AnalysisEngine | null>(null);
  const descriptionId = useId();
  const hostRef = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return;
      const created = new AnalysisEngine(host, { label, describedBy: descriptionId });
      setEngine(created);
      return () => {
        created.destroy();
        setEngine(null);
      };
    },
    [label, descriptionId],
  );
  // The engine exists only once mounted: a prerendered page (docs/decisions.md decision 33) draws the idle tool.
  const getState = engine?.getState ?? idleState;
  const state = useSyncExternalStore(engine?.subscribe ?? noSubscribe, getState, getState);
  return { engine, state, hostRef, descriptionId };
}

/**
 * Keyboard shortcuts for one engine, only while focus is inside `root` (its canvas or its controls):
 * a key typed anywhere else on the page, or with nothing focused, is not the tool's.
 */
export function useAnalysisShortcuts(engine: AnalysisEngine | null, root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!engine || !element) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isShortcutTarget(e.target)) return;
      if (applyShortcut(engine, e)) e.preventDefault();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [engine, root]);
}
