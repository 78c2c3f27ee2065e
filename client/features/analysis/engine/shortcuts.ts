import type { AnalysisEngine } from './analysis-engine';

/** The keyboard shortcuts, as the 'How to Use' card lists them. */
export const SHORTCUTS = [
  { keys: ['D'], action: 'Draw tool' },
  { keys: ['L'], action: 'Line tool' },
  { keys: ['A'], action: 'Angle tool' },
  { keys: ['Esc'], action: 'No tool (pan and zoom)' },
  { keys: ['Space'], action: 'Play or pause' },
  { keys: ['←', '→'], action: 'One frame back or forward' },
  { keys: ['Ctrl', 'Z'], action: 'Undo the last annotation (⌘ Z on a Mac)' },
] as const;

const TEXT_INPUT = /^(input|textarea|select)$/i;

/**
 * Whether a key press anywhere in the page belongs to an analysis tool: never while the member types
 * in a field, and never a Space or Enter meant for a focused button.
 */
export function isShortcutTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable || TEXT_INPUT.test(target.tagName)) return false;
  return true;
}

/** Runs the shortcut for a key press on the engine; true when it was one (the caller prevents default). */
export function applyShortcut(engine: AnalysisEngine, e: KeyboardEvent): boolean {
  if (e.altKey) return false;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key;
  if (mod) {
    if (key.toLowerCase() === 'z' && !e.shiftKey) {
      engine.undo();
      return true;
    }
    return false;
  }
  const onButton =
    e.target instanceof HTMLElement &&
    (e.target.tagName === 'BUTTON' || e.target.getAttribute('role') === 'switch');
  switch (key) {
    case 'd':
    case 'D':
      engine.toggleTool('draw');
      return true;
    case 'l':
    case 'L':
      engine.toggleTool('line');
      return true;
    case 'a':
    case 'A':
      engine.toggleTool('angle');
      return true;
    case 'Escape':
      if (engine.getState().tool === 'none') return false;
      engine.setTool('none');
      return true;
    case ' ':
      // Space on a focused button presses that button.
      if (onButton || engine.getState().mediaType !== 'video') return false;
      engine.togglePlay();
      return true;
    case 'ArrowLeft':
    case 'ArrowRight':
      if (engine.getState().mediaType !== 'video') return false;
      engine.step(key === 'ArrowLeft' ? -1 : 1);
      return true;
    default:
      return false;
  }
}
