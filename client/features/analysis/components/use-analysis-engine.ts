import {
  startTransition,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { takeEarlyPress } from '../../../lib/early-press';
import { whenIdle } from '../../../lib/when-idle';
import { AnalysisEngine, IDLE_STATE } from '../engine/analysis-engine';
import { applyShortcut, isShortcutTarget } from '../engine/shortcuts';

const noSubscribe = () => () => {};
const idleState = () => IDLE_STATE;

/**
 * A player's engine as its controls hold it (docs/decisions.md decision 88): one object for the life of
 * the tool, so that making the engine (once the page is idle) renders none of the controls again: they
 * are memoised, and the engine's first state is the idle state they were drawn with. Their handlers
 * call `ensure()`, which makes the engine at once when it is not made yet (a control used before the
 * page was idle), so a control is never disabled for want of an engine; `current()` reads it without
 * making it. Neither is for reading while rendering, except where the state says an engine exists.
 */
export type EngineHandle = {
  current(): AnalysisEngine | null;
  ensure(): AnalysisEngine | null;
};

/**
 * Mounts an engine on the element given to `hostRef` and follows its small state. Pointer moves never
 * reach React: only tool, zoom, playback, annotation and banner changes do. `descriptionId` is the id
 * the canvas's keyboard instructions must have (its `aria-describedby`).
 */
export function useAnalysisEngine(label: string) {
  const [engine, setEngine] = useState<AnalysisEngine | null>(null);
  const descriptionId = useId();
  /** Makes the engine now if it is not made yet (the stage is mounted); undefined when it is not. */
  const makeNow = useRef<(() => AnalysisEngine) | undefined>(undefined);
  /** The engine once made, for the handle (set before React hears of it). */
  const made = useRef<AnalysisEngine | null>(null);
  const [handle] = useState<EngineHandle>(() => ({
    current: () => made.current,
    ensure: () => made.current ?? makeNow.current?.() ?? null,
  }));
  const hostRef = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return;
      // Made once the page is idle, each engine in a task of its own (docs/decisions.md decision 33,
      // blocking time): not in the commit that mounts the page. Until then the stage draws the idle
      // tool, as the prerendered page does. A pointer coming over the stage (before any press: mouse,
      // pen and touch all send pointerover first) or focus on it makes it at once, so the engine
      // receives the press itself.
      let created: AnalysisEngine | undefined;
      const create = () => {
        if (created) return created;
        stop();
        created = new AnalysisEngine(host, { label, describedBy: descriptionId });
        made.current = created;
        setEngine(created);
        return created;
      };
      makeNow.current = create;
      // Made while idle, nobody waits for it: the tool's controls render with it as a transition, which
      // React splits into slices of a few milliseconds (a plain update would render them all in one
      // task, docs/decisions.md decision 65). A pointer or focus on the stage makes it at once.
      const cancelIdle = whenIdle(() => startTransition(() => void create()));
      const stop = () => {
        cancelIdle();
        host.removeEventListener('pointerover', create, true);
        host.removeEventListener('focusin', create, true);
      };
      host.addEventListener('pointerover', create, true);
      host.addEventListener('focusin', create, true);
      // A press on the stage before the page was running (docs/decisions.md decision 65): made now, and
      // the press answered as the engine answers one, its canvas taking focus.
      if (host.parentElement && takeEarlyPress(host.parentElement))
        create().canvas.focus({ preventScroll: true });
      return () => {
        stop();
        makeNow.current = undefined;
        if (made.current === created) made.current = null;
        created?.destroy();
        setEngine(null);
      };
    },
    [label, descriptionId],
  );
  /**
   * For a control pressed before the engine was made (the page is idle only later): makes it now and
   * renders with it at once, so the press's own handler, which runs next, finds it.
   */
  const ensureEngine = useCallback(() => {
    const create = makeNow.current;
    if (create) flushSync(() => void create());
  }, []);
  // The engine exists only once mounted: a prerendered page (docs/decisions.md decision 33) draws the idle tool.
  const getState = engine?.getState ?? idleState;
  const state = useSyncExternalStore(engine?.subscribe ?? noSubscribe, getState, getState);
  return { engine, handle, state, hostRef, descriptionId, ensureEngine };
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
