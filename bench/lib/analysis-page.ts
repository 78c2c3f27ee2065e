// Runs in headless Chromium, bundled by bench/analysis-render.ts: the analysis engine and bare canvas
// calls redraw the same 500 annotations over the same picture, frame by frame in turn, first while
// panning, then while pinch-zooming.
import {
  directedAngle,
  formatAngle,
  makeView,
  mediaToScreen,
  zoomAbout,
  type Point,
} from '../../common/geometry';
import { AnalysisEngine } from '../../client/features/analysis/engine/analysis-engine';
import {
  ARC_RADIUS_SAVED,
  DOT_RADIUS,
  LINE_WIDTH,
  type Annotation,
} from '../../client/features/analysis/engine/annotations';
import { MEDIA, annotations, picture } from '../../e2e/fixtures/analysis-scene';

/**
 * The same shapes with the same styles, drawn the obvious way: every shape, no view culling, one path,
 * stroke and fill at a time.
 */
function drawBare(
  ctx: CanvasRenderingContext2D,
  image: CanvasImageSource,
  list: readonly Annotation[],
  view: ReturnType<typeof makeView>,
  scale: number,
) {
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, 800, 400);
  const o = mediaToScreen(view, { x: 0, y: 0 });
  const s = view.box.scale * view.zoom;
  ctx.drawImage(image, o.x, o.y, MEDIA.width * s, MEDIA.height * s);
  ctx.lineWidth = LINE_WIDTH;
  const dot = (p: Point, color: string) => {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(p.x, p.y, DOT_RADIUS, 0, Math.PI * 2);
    ctx.fill();
  };
  const labels: { x: number; y: number; text: string; color: string }[] = [];
  for (const a of list) {
    ctx.strokeStyle = a.color;
    ctx.beginPath();
    if (a.type === 'path') {
      a.points.forEach((m, i) => {
        const p = mediaToScreen(view, m);
        if (i === 0) ctx.moveTo(p.x, p.y);
        else ctx.lineTo(p.x, p.y);
      });
      ctx.lineCap = 'round';
      ctx.lineJoin = 'bevel';
      ctx.stroke();
    } else if (a.type === 'line') {
      const p = mediaToScreen(view, a.start);
      const q = mediaToScreen(view, a.end);
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
      ctx.lineCap = 'butt';
      ctx.stroke();
      dot(p, a.color);
      dot(q, a.color);
    } else if (a.type === 'angle') {
      const v = mediaToScreen(view, a.vertex);
      const p1 = mediaToScreen(view, a.point1);
      const p2 = mediaToScreen(view, a.point2);
      ctx.moveTo(p1.x, p1.y);
      ctx.lineTo(v.x, v.y);
      ctx.lineTo(p2.x, p2.y);
      const a1 = Math.atan2(p1.y - v.y, p1.x - v.x);
      const sweep = (directedAngle(v, p1, p2) * Math.PI) / 180;
      const cw = sweep <= Math.PI;
      const a2 = cw ? a1 + sweep : a1 - (2 * Math.PI - sweep);
      ctx.moveTo(v.x + ARC_RADIUS_SAVED * Math.cos(a1), v.y + ARC_RADIUS_SAVED * Math.sin(a1));
      ctx.arc(v.x, v.y, ARC_RADIUS_SAVED, a1, a2, !cw);
      ctx.lineCap = 'butt';
      ctx.lineJoin = 'round';
      ctx.stroke();
      dot(v, a.color);
      dot(p1, a.color);
      dot(p2, a.color);
      const mid = (a1 + a2) / 2;
      const r = ARC_RADIUS_SAVED + 22;
      labels.push({
        x: v.x + r * Math.cos(mid),
        y: v.y + r * Math.sin(mid),
        text: `${formatAngle(a.angle)}°`,
        color: a.color,
      });
    }
  }
  ctx.font = '600 13px ui-sans-serif, system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const l of labels) {
    ctx.fillStyle = 'rgba(0, 0, 0, 0.72)';
    ctx.fillRect(l.x - 24, l.y - 10, 48, 20);
    ctx.fillStyle = l.color;
    ctx.fillText(l.text, l.x, l.y);
  }
}

const frame = () => new Promise((r) => requestAnimationFrame(r));
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: q(0.5), p95: q(0.95), max: s[s.length - 1]! };
};

type Phase = { engine: number[]; bare: number[] };

async function run(count: number, frames: number, zoom: number) {
  const host = document.getElementById('host')!;
  const engine = new AnalysisEngine(host, { label: 'Analysis canvas' });
  const file = await picture();
  engine.load(file);
  while (!engine.mediaSize) await frame();
  const list = annotations(count);
  engine.setAnnotations(list);
  engine.zoomTo(zoom);
  await frame();
  await frame();
  const surface = host.querySelector<HTMLCanvasElement>('canvas[aria-hidden]')!;
  const engineCtx = surface.getContext('2d')!;

  const bareCanvas = document.getElementById('bare') as HTMLCanvasElement;
  bareCanvas.width = surface.width;
  bareCanvas.height = surface.height;
  const bareCtx = bareCanvas.getContext('2d', { alpha: false })!;
  const image = await createImageBitmap(file);
  const centre = { x: 400, y: 200 };
  // The engine zooms about the canvas centre; so does the bare view.
  let bareView = zoomAbout(makeView(MEDIA), zoom, centre);

  /** Times `frames` frames of each, after a warm-up, each frame moving both views the same way. */
  async function measure(move: (i: number) => void): Promise<Phase> {
    const times: Phase = { engine: [], bare: [] };
    const warmup = 30;
    const timeEngine = () => {
      const t = performance.now();
      engine.renderNow();
      engineCtx.getImageData(0, 0, 1, 1); // waits for the drawing to be rasterised
      return performance.now() - t;
    };
    const timeBare = () => {
      const t = performance.now();
      drawBare(bareCtx, image, list, bareView, bareCanvas.width / 800);
      bareCtx.getImageData(0, 0, 1, 1);
      return performance.now() - t;
    };
    for (let i = 0; i < frames + warmup; i++) {
      move(i);
      // Alternate which goes first, so neither always pays for the other's garbage.
      let te: number;
      let tb: number;
      if (i % 2 === 0) {
        te = timeEngine();
        tb = timeBare();
      } else {
        tb = timeBare();
        te = timeEngine();
      }
      if (i >= warmup) {
        times.engine.push(te);
        times.bare.push(tb);
      }
      if (i % 10 === 0) await frame();
    }
    return times;
  }

  // Panning, as a member dragging the view: a slow circle that also drifts 300 px across and back,
  // so tiles the view has not shown yet are drawn during the measured frames.
  const tilesBefore = engine.tilesDrawn;
  const pan = await measure((i) => {
    const drift = Math.floor(i / 75) % 2 === 0 ? 4 : -4;
    const dx = Math.cos(i / 20) * 6 + drift;
    const dy = Math.sin(i / 20) * 4;
    engine.pan(dx, dy);
    bareView = { ...bareView, panX: bareView.panX + dx, panY: bareView.panY + dy };
  });
  const tiles = engine.tilesDrawn - tilesBefore;

  // Pinching: the zoom changes every frame, so every frame draws every visible shape again.
  const pinch = await measure((i) => {
    const z = zoom * (1 + 0.15 * Math.sin(i / 15));
    engine.zoomTo(z, centre);
    bareView = zoomAbout(bareView, z, centre);
  });
  engine.destroy();
  return {
    pan: { engine: stats(pan.engine), bare: stats(pan.bare), tiles },
    pinch: { engine: stats(pinch.engine), bare: stats(pinch.bare) },
    size: [surface.width, surface.height],
  };
}

(window as unknown as { runBench: typeof run }).runBench = run;
