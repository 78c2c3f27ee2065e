// Type only: the 'How to Use' card imports this file without loading the engine.
import type { AnalysisEngine } from './analysis-engine';

/** Arrow-key steps in logical canvas pixels: the crosshair, and the view with no tool (Shift: the big ones). */
const CROSSHAIR_STEP = 5;
const CROSSHAIR_BIG_STEP = 25;
const PAN_STEP = 25;
const PAN_BIG_STEP = 100;

/**
 * The keyboard shortcuts, as the 'How to Use' card lists them. They work while focus is inside the
 * tool (its canvas or one of its buttons), never while typing in a field.
 */
export const SHORTCUTS = [
  { keys: ['D'], action: 'Draw tool' },
  { keys: ['L'], action: 'Line tool' },
  { keys: ['A'], action: 'Angle tool' },
  { keys: ['S'], action: 'Stopwatch: Enter starts one on this frame, Enter again stops it' },
  { keys: ['T'], action: 'Trajectory tool: Enter sets the point and shows the next frame' },
  { keys: ['K'], action: 'Calibrate: draw a line of known length, then type its length' },
  {
    keys: ['←', '↑', '→', '↓'],
    action: 'On the canvas: move the crosshair, or pan with no tool (Shift: bigger steps)',
  },
  { keys: ['Enter'], action: 'On the canvas: set the next point of a line, angle or drawing' },
  { keys: ['Esc'], action: 'Cancel the shape under way (finish a trajectory), then no tool (pan and zoom)' },
  { keys: ['Space'], action: 'Play or pause (on the canvas with a tool: set a point)' },
  { keys: [',', '.'], action: 'One frame back or forward' },
  { keys: ['+', '−', '0'], action: 'Zoom in, zoom out, reset' },
  { keys: ['Ctrl', 'Z'], action: 'Undo the last annotation (⌘ Z on a Mac)' },
] as const;

/**
 * What the canvas's `aria-describedby` says: how to use it from the keyboard, and which mode the
 * arrow keys are in.
 */
export const CANVAS_INSTRUCTIONS =
  'Choose Draw (D), Line (L) or Angle (A), then move the crosshair with the arrow keys and press ' +
  'Enter or Space to set each point; hold Shift for bigger steps. With no tool, the arrow keys pan ' +
  'the picture and Space plays or pauses. Escape cancels a shape, then the tool. Comma and full stop ' +
  'step one frame; plus, minus and 0 zoom. Calibrate (K): set both ends of something of known length, ' +
  'then type its length; lengths are then in that unit. Trajectory (T): each Enter sets the point on ' +
  'the frame shown and steps to the next; Enter again without moving, or Escape, finishes it. The ' +
  'annotations are listed after the canvas. Stopwatch (S): Enter starts one at the crosshair on the ' +
  'frame shown; step to its last frame and press Enter again to stop it.';

const TEXT_INPUT = /^(input|textarea|select)$/i;

/**
 * Whether a key press inside an analysis tool is for the tool: never while the member types in a
 * field (or uses the seek bar or the speed selector, which have their own keys).
 */
export function isShortcutTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable || TEXT_INPUT.test(target.tagName)) return false;
  return true;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Runs the shortcut for a key press inside the tool; true when it was one (the caller prevents the
 * default). On the canvas the arrow keys move the crosshair while a drawing tool is chosen and pan the
 * view otherwise, and Enter or Space set a point; on the tool's buttons ← and → step frames, and
 * Space and Enter press the button.
 */
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
  const onCanvas = e.target === engine.canvas;
  if (onCanvas) engine.keyboardInUse();
  const { tool, mediaType } = engine.getState();
  const isVideo = mediaType === 'video';
  const arrow = ARROWS[key];
  if (arrow) {
    const [x, y] = arrow;
    if (onCanvas && tool !== 'none') {
      const step = e.shiftKey ? CROSSHAIR_BIG_STEP : CROSSHAIR_STEP;
      engine.moveCrosshair(x * step, y * step);
      return true;
    }
    if (onCanvas) {
      const step = e.shiftKey ? PAN_BIG_STEP : PAN_STEP;
      engine.panByKey(x * step, y * step);
      return true;
    }
    // Elsewhere in the tool, ← and → step frames as they always did.
    if (y !== 0 || !isVideo || e.shiftKey) return false;
    engine.step(x);
    return true;
  }
  switch (key) {
    case 'd':
    case 'D':
      engine.toggleTool('draw');
      engine.announceTool();
      return true;
    case 'l':
    case 'L':
      engine.toggleTool('line');
      engine.announceTool();
      return true;
    case 'a':
    case 'A':
      engine.toggleTool('angle');
      engine.announceTool();
      return true;
    case 's':
    case 'S':
      engine.toggleTool('stopwatch');
      engine.announceTool();
      return true;
    case 't':
    case 'T':
      engine.toggleTool('trajectory');
      engine.announceTool();
      return true;
    case 'k':
    case 'K':
      engine.toggleTool('calibrate');
      engine.announceTool();
      return true;
    case 'Escape':
      if (engine.cancelShape()) return true;
      if (tool === 'none') return false;
      engine.setTool('none');
      engine.announceTool();
      return true;
    case 'Enter':
    case ' ':
      // Enter or Space on a button presses that button; on the canvas, with a tool, they set a point.
      if (onCanvas && tool !== 'none') {
        if (!e.repeat) engine.setPointAtCrosshair();
        return true;
      }
      if (key === 'Enter' || !onCanvas || !isVideo) return false;
      engine.togglePlay();
      return true;
    case ',':
    case '.':
      if (!isVideo) return false;
      engine.step(key === ',' ? -1 : 1);
      return true;
    case '+':
    case '=':
      engine.zoomIn();
      return true;
    case '-':
      engine.zoomOut();
      return true;
    case '0':
      engine.resetView();
      return true;
    default:
      return false;
  }
}
