import { ChevronRight } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import { SHORTCUTS } from '../engine/shortcuts';

const STEPS = [
  'Load a video or image from your device with “Load video or image”. It is not uploaded.',
  'On a phone with Tribe36 installed (Add to Home Screen), share a clip from your gallery or camera to Tribe36: it opens below in Player 1 (a second clip in Player 2), still only on your device.',
  'Choose Draw (green) to sketch freehand, Line (red) to draw a straight line, or Angle (yellow) to measure.',
  'Angle: press on the joint (the vertex) and drag along the first limb; release. Then tap or click the end of the second limb: the angle shows for 3 seconds and stays on the picture.',
  'Click the active tool again, or press Esc, to pan: drag to move, pinch or scroll to zoom (50% to 400%).',
  'Play, pause, change the speed, seek, or step one frame at a time to find the key position.',
  'Slow-motion clip? Set its Capture rate (e.g. 240 fps) beside the speed: the clock, frame steps, the angle chart, the CSVs, Sync and stopwatches then read real time (8 s of a 240 fps clip saved at 30 fps is 1 s).',
  'Stopwatch (blue, S): click where to show it to start it on this frame; step to the last frame and click it (or Stop, or Enter) to stop it. It reads its real time to the millisecond; “Measurements CSV” beside Export saves every measurement.',
  'Real units: choose Calibrate (violet, K), draw a line over something of known length (a 1 m stick, a lane line) and type its length in cm, m, in or ft. Every line and drawing then shows its length in that unit; Reset calibration goes back to pixels.',
  'Trajectory (pink, T): click the point to follow (a hip, the ball); each click sets it on this frame and shows the next. Finish (or Esc) shows its path, distance and speed (m/s once calibrated). After Pose → Analyse clip, “Follow joint” draws a joint’s path for you.',
  'Undo removes the last drawing (or takes back a stopwatch’s last stop), Clear removes them all; export saves the frame with its drawings as a PNG.',
  'Below, compare two athletes side by side; turn on Sync to play and seek both together, keeping their offset.',
  'Overlay draws Player 2 over Player 1, both kept in Sync, with both players’ drawings: set its Opacity with the slider (arrow keys, Page Up/Down, Home/End); zoom Player 1 to zoom both, or pan and zoom Player 2 on its own canvas to line the athletes up. Export takes the overlay as shown.',
] as const;

/** Wide enough for the steps and the shortcuts side by side (Tailwind's md, as `md:` below). */
const SIDE_BY_SIDE = '(min-width: 768px)';

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia?.(SIDE_BY_SIDE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const isWide = () => window.matchMedia?.(SIDE_BY_SIDE).matches ?? true;

/**
 * The contents of the physiological page's 'How to Use' card: the steps of the analysis tool and its
 * keyboard shortcuts, which start folded on a phone (few phones have a keyboard, and the list is
 * long). Light: no engine code, so the card does not wait for the tool's chunk.
 *
 * The width decides the fold in CSS, not in a script: the prerendered page is folded on a phone before
 * any script runs. (It used to be drawn open and folded once hydrated, which on a slow phone moved
 * Side by Side, below, by some 840 px under a finger about to press it.) A press on the heading opens
 * or closes them at any width.
 */
export function HowToUseContent() {
  /** Set by a press; until then the width decides. */
  const [pressed, setPressed] = useState<boolean | null>(null);
  // What the width decides, for the button's state only (the fold itself is CSS): the server, which
  // has no width, says folded, and the browser corrects it once hydrated, moving nothing.
  const wide = useSyncExternalStore(subscribeToWidth, isWide, () => false);
  const open = pressed ?? wide;
  const contentId = useId();
  const fold = pressed === null ? 'hidden md:block' : pressed ? '' : 'hidden';
  return (
    <div className="grid gap-5 text-sm md:grid-cols-[3fr_2fr]">
      <ol className="grid list-decimal gap-1.5 pl-5 marker:font-semibold marker:text-brand sm:gap-2">
        {STEPS.map((step) => (
          <li key={step} className="pl-1 leading-snug sm:leading-relaxed">
            {step}
          </li>
        ))}
      </ol>
      <div>
        <h3 className="mb-2 text-xs font-bold uppercase tracking-wide text-muted-foreground">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={contentId}
            onClick={() => setPressed(!open)}
            className="flex items-center gap-1 rounded-sm uppercase"
          >
            <ChevronRight
              aria-hidden="true"
              className={`size-4 transition-transform motion-reduce:transition-none ${
                pressed === null ? 'md:rotate-90' : pressed ? 'rotate-90' : ''
              }`}
            />
            Keyboard shortcuts
          </button>
        </h3>
        <div id={contentId} className={fold}>
          <p className="mb-3 text-muted-foreground">
            They work while the tool has focus. No mouse? Tab to the canvas: the arrow keys move a crosshair
            and Enter sets each point.
          </p>
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
            {SHORTCUTS.map(({ keys, action }) => (
              <div key={action} className="contents">
                <dt className="flex gap-1">
                  {keys.map((k) => (
                    <kbd
                      key={k}
                      className="min-w-7 rounded border border-b-2 bg-muted px-1.5 py-0.5 text-center font-mono text-xs font-semibold"
                    >
                      {k}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-muted-foreground">{action}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </div>
  );
}

export default HowToUseContent;
