// Runs in headless Chromium, bundled by bench/analysis-render.ts: the analysis engine and bare canvas
// calls redraw the same 500 annotations over the same picture while panning, frame by frame in turn.
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
  TOOL_COLORS,
  type Annotation,
} from '../../client/features/analysis/engine/annotations';

const MEDIA = { width: 1280, height: 720 };

/** A small deterministic generator, so every run draws the same scene. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A third each of freehand paths, lines and angles, spread over the picture. A path is sampled like
 * pointer moves: 60 points 5 px apart along a gently turning stroke.
 */
function annotations(count: number): Annotation[] {
  const r = random(36);
  const at = (): Point => ({ x: r() * MEDIA.width, y: r() * MEDIA.height });
  const near = (p: Point, d: number): Point => ({ x: p.x + (r() - 0.5) * d, y: p.y + (r() - 0.5) * d });
  const out: Annotation[] = [];
  for (let i = 0; i < count; i++) {
    const start = at();
    if (i % 3 === 0) {
      const points = [start];
      let heading = r() * Math.PI * 2;
      for (let k = 1; k < 60; k++) {
        heading += (r() - 0.5) * 0.5;
        const p = points[k - 1]!;
        points.push({ x: p.x + Math.cos(heading) * 5, y: p.y + Math.sin(heading) * 5 });
      }
      out.push({ type: 'path', points, color: TOOL_COLORS.draw });
    } else if (i % 3 === 1) {
      out.push({ type: 'line', start, end: near(start, 300), color: TOOL_COLORS.line });
    } else {
      const point1 = near(start, 250);
      const point2 = near(start, 250);
      const angle = directedAngle(start, point1, point2);
      out.push({
        type: 'angle',
        vertex: start,
        point1,
        point2,
        angle: angle > 180 ? 360 - angle : angle,
        color: TOOL_COLORS.angle,
      });
    }
  }
  return out;
}

async function picture(): Promise<File> {
  const c = new OffscreenCanvas(MEDIA.width, MEDIA.height);
  const g = c.getContext('2d')!;
  const grad = g.createLinearGradient(0, 0, MEDIA.width, MEDIA.height);
  grad.addColorStop(0, '#1e3a8a');
  grad.addColorStop(1, '#f97316');
  g.fillStyle = grad;
  g.fillRect(0, 0, MEDIA.width, MEDIA.height);
  for (let i = 0; i < 40; i++) {
    g.fillStyle = `hsl(${i * 9} 70% 50%)`;
    g.fillRect((i * 97) % MEDIA.width, (i * 53) % MEDIA.height, 80, 60);
  }
  const blob = await c.convertToBlob({ type: 'image/png' });
  return new File([blob], 'athlete.png', { type: 'image/png' });
}

/**
 * The same shapes with the same styles, drawn the obvious way: every shape, no view culling, one path,
 * stroke and fill at a time.
 */
function drawBare(
  ctx: CanvasRenderingContext2D,
  image: CanvasImageSource,
  list: readonly Annotation[],
  view: ReturnType<typeof makeView>,
) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
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
    } else {
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
  // The engine zooms about the canvas centre; so does the bare view.
  let bareView = zoomAbout(makeView(MEDIA), zoom, { x: 400, y: 200 });

  const engineTimes: number[] = [];
  const bareTimes: number[] = [];
  const warmup = 30;
  for (let i = 0; i < frames + warmup; i++) {
    // Pan in a slow circle, as a member dragging the view.
    const dx = Math.cos(i / 20) * 6;
    const dy = Math.sin(i / 20) * 4;

    const timeEngine = () => {
      engine.pan(dx, dy);
      const t = performance.now();
      engine.renderNow();
      engineCtx.getImageData(0, 0, 1, 1); // waits for the drawing to be rasterised
      return performance.now() - t;
    };
    const timeBare = () => {
      bareView = { ...bareView, panX: bareView.panX + dx, panY: bareView.panY + dy };
      const t = performance.now();
      drawBare(bareCtx, image, list, bareView);
      bareCtx.getImageData(0, 0, 1, 1);
      return performance.now() - t;
    };
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
      engineTimes.push(te);
      bareTimes.push(tb);
    }
    if (i % 10 === 0) await frame();
  }
  engine.destroy();
  return { engine: stats(engineTimes), bare: stats(bareTimes), size: [surface.width, surface.height] };
}

(window as unknown as { runBench: typeof run }).runBench = run;
