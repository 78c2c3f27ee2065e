// Presses on a part of the page whose code is not running yet (docs/decisions.md decision 65). The
// analysis stage is drawn by the server and hydrated before its engine exists (the engine is made when
// the browser is idle): a press on the stage meanwhile has no canvas to land on. main.tsx records
// such presses from the first paint; the engine, once made, takes the one on its stage and answers it
// as it answers a press (the canvas takes focus, so the tool's keys work at once).

type Press = { target: Element };

const presses: Press[] = [];
const MAX_PRESSES = 4;

/** Records presses (any pointer) on anything but a canvas, which is a live tool's own. */
export function recordEarlyPresses(): void {
  if (typeof document === 'undefined') return;
  document.addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target;
      if (!(target instanceof Element) || target instanceof HTMLCanvasElement) return;
      presses.push({ target });
      if (presses.length > MAX_PRESSES) presses.shift();
    },
    true,
  );
}

/** Whether a recorded press landed inside `area`; forgets it (a press is answered once). */
export function takeEarlyPress(area: Element): boolean {
  const at = presses.findIndex((p) => area.contains(p.target));
  if (at === -1) return false;
  presses.splice(0, at + 1);
  return true;
}
