import { useCallback, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { AnalysisEngine, IDLE_STATE } from '../engine/analysis-engine';
import { applyShortcut, isShortcutTarget } from '../engine/shortcuts';

const noSubscribe = () => () => {};
const idleState = () => IDLE_STATE;

/**
 * Mounts an engine on the element given to `hostRef` and follows its small state. Pointer moves never
 * reach React: only tool, zoom, playback, annotation count and banner changes do.
 */
export function useAnalysisEngine(label: string) {
  const [engine, setEngine] = useState<AnalysisEngine | null>(null);
  const hostRef = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return;
      const created = new AnalysisEngine(host, { label });
      setEngine(created);
      return () => {
        created.destroy();
        setEngine(null);
      };
    },
    [label],
  );
  const state = useSyncExternalStore(engine?.subscribe ?? noSubscribe, engine?.getState ?? idleState);
  return { engine, state, hostRef };
}

/**
 * Keyboard shortcuts for one engine: when focus is inside `root`, or, with `global`, when nothing else in
 * the page has focus.
 */
export function useAnalysisShortcuts(
  engine: AnalysisEngine | null,
  root: RefObject<HTMLElement | null>,
  global: boolean,
) {
  useEffect(() => {
    if (!engine) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isShortcutTarget(e.target)) return;
      const inside = e.target instanceof Node && !!root.current?.contains(e.target);
      const nothingFocused = !document.activeElement || document.activeElement === document.body;
      if (!inside && !(global && nothingFocused)) return;
      // A dialog or menu open over the page keeps its keys.
      if (!inside && document.querySelector('[role="dialog"],[role="menu"]')) return;
      if (applyShortcut(engine, e)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [engine, root, global]);
}
