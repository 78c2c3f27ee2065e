/**
 * The drawing of the joint-angle chart (issue 19), apart from React so that the chart on screen and its
 * PNG export draw the same thing: a legend, a 0–180° axis with gridlines every 45°, a seconds axis, one
 * line per series with gaps where a value is missing, and the playback cursor. Sizes are CSS pixels; the
 * caller scales the context for the device's pixel ratio.
 */

/** One line of the chart: one value per time of the chart's `times`; null leaves a gap. */
export type ChartSeries = { label: string; color: string; values: readonly (number | null)[] };

/** What the chart shows: samples at `times` (seconds, ascending) on an axis from 0 to `duration`. */
export type ChartData = { times: readonly number[]; duration: number; series: readonly ChartSeries[] };

/** The colours and font the chart is drawn with, read from the app's theme. */
export type ChartTheme = {
  /** The surface the chart sits on: the PNG's background, and the ring around the cursor's dots. */
  surface: string;
  text: string;
  muted: string;
  grid: string;
  cursor: string;
  font: string;
};

export type ChartSize = { width: number; height: number };

/** Where the plot sits inside the canvas, below the legend. */
export type ChartLayout = { left: number; top: number; width: number; height: number };

/**
 * Nine line colours, one per joint, told apart from each other and at least 3:1 against both themes'
 * cards (#ffffff and #121215), as WCAG asks of the lines of a graph.
 */
export const ANGLE_CHART_COLORS = [
  '#2563eb',
  '#ea580c',
  '#059669',
  '#8b5cf6',
  '#dc2626',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#a16207',
] as const;

/** The text of an empty chart (no series, or no value in any). */
export const EMPTY_CHART_TEXT = 'No angles to show';

const MAX_DEGREES = 180;
const DEGREE_STEP = 45;
const FONT_SIZE = 11;
const LEGEND_ROW = 18;
const LEGEND_SWATCH = 14;
const PAD = { left: 38, right: 14, top: 8, bottom: 24 };
const MIN_TICK_SPACING = 64;
const TICK_STEPS = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

/** The x axis's length in seconds: the duration, or the last sample's time (at least 1 s) without one. */
export function chartSpan(data: Pick<ChartData, 'times' | 'duration'>): number {
  if (Number.isFinite(data.duration) && data.duration > 0) return data.duration;
  return Math.max(1, data.times.at(-1) ?? 0);
}

/** The seconds to mark on an axis `span` long and `width` px wide: whole steps of 1, 2, 5, … at least 64 px apart. */
export function timeTicks(span: number, width: number): { ticks: number[]; step: number } {
  const most = Math.max(1, Math.floor(width / MIN_TICK_SPACING));
  const step = TICK_STEPS.find((s) => span / s <= most) ?? Math.ceil(span / most / 3600) * 3600;
  const ticks: number[] = [];
  // The small allowance keeps the last tick when span is a whole number of steps in floating point.
  for (let i = 0; i * step <= span + step * 1e-9; i++) ticks.push(Number((i * step).toFixed(6)));
  return { ticks, step };
}

/** A tick's label with as many decimals as its step has: 1.5 → '1.5 s', 0.25 step → '0.25 s'. */
export function formatTick(seconds: number, step: number): string {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return `${seconds.toFixed(decimals)} s`;
}

/** The index of the sample nearest `time` in ascending `times`, or -1 when there is none. */
export function nearestSample(times: readonly number[], time: number): number {
  if (times.length === 0 || !Number.isFinite(time)) return -1;
  let lo = 0;
  let hi = times.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < time) lo = mid + 1;
    else hi = mid;
  }
  // lo is the first sample at or after `time`: the one before may be nearer.
  return lo > 0 && time - times[lo - 1]! <= times[lo]! - time ? lo - 1 : lo;
}

/**
 * Where a keyboard step from `time` lands: the next (direction 1) or previous (-1) sample, or 1 % of the
 * span when there are no samples; kept within 0..span.
 */
export function stepTime(
  data: Pick<ChartData, 'times' | 'duration'>,
  time: number,
  direction: 1 | -1,
): number {
  const span = chartSpan(data);
  const { times } = data;
  const epsilon = 1e-6;
  const next =
    direction > 0 ? times.find((t) => t > time + epsilon) : times.findLast((t) => t < time - epsilon);
  const target = times.length > 0 ? (next ?? time) : time + (direction * span) / 100;
  return Math.min(span, Math.max(0, target));
}

/** The values at `time` as a screen reader hears them: '1.2 s: Left knee 92°, Right knee not seen'. */
export function describeAt(data: ChartData, time: number): string {
  // To the millisecond, as the stopwatches and the CSV (issue 33): at a slow-motion clip's real time a
  // tenth of a second is dozens of samples, which one decimal would all read alike.
  const at = `${time.toFixed(3)} s`;
  const index = nearestSample(data.times, time);
  if (index < 0 || !hasValues(data.series)) return `${at}: ${EMPTY_CHART_TEXT}`;
  const values = data.series.map((s) => {
    const value = s.values[index] ?? null;
    return value === null ? `${s.label} not seen` : `${s.label} ${Math.round(value)}°`;
  });
  return `${at}: ${values.join(', ')}`;
}

/** Whether any series has a value to draw. */
export function hasValues(series: readonly ChartSeries[]): boolean {
  return series.some((s) => s.values.some((v) => v !== null && Number.isFinite(v)));
}

/** The x of `time` seconds on the plot. */
function xOf(layout: ChartLayout, span: number, time: number): number {
  return layout.left + (Math.min(span, Math.max(0, time)) / span) * layout.width;
}

/** The y of `degrees` on the plot (0° at the bottom), kept within 0–180°. */
function yOf(layout: ChartLayout, degrees: number): number {
  const clamped = Math.min(MAX_DEGREES, Math.max(0, degrees));
  return layout.top + layout.height - (clamped / MAX_DEGREES) * layout.height;
}

/** The time under `x` (CSS px from the canvas's left edge), within 0..span. */
export function timeAtX(layout: ChartLayout, span: number, x: number): number {
  const fraction = layout.width > 0 ? (x - layout.left) / layout.width : 0;
  return Math.min(span, Math.max(0, fraction * span));
}

function fontOf(theme: ChartTheme): string {
  return `${FONT_SIZE}px ${theme.font}`;
}

/** The legend's entries placed in rows that wrap at the plot's width. */
function legendEntries(ctx: CanvasRenderingContext2D, size: ChartSize, series: readonly ChartSeries[]) {
  const entries: { series: ChartSeries; x: number; row: number }[] = [];
  let x = PAD.left;
  let row = 0;
  for (const s of series) {
    const width = LEGEND_SWATCH + 5 + ctx.measureText(s.label).width;
    if (x > PAD.left && x + width > size.width - PAD.right) {
      row++;
      x = PAD.left;
    }
    entries.push({ series: s, x, row });
    x += width + 16;
  }
  return { entries, rows: series.length > 0 ? row + 1 : 0 };
}

/** Where the plot goes for this size and these series (the legend's rows push it down). */
export function chartLayout(
  ctx: CanvasRenderingContext2D,
  size: ChartSize,
  series: readonly ChartSeries[],
  theme: ChartTheme,
): ChartLayout {
  ctx.font = fontOf(theme);
  const top = PAD.top + legendEntries(ctx, size, series).rows * LEGEND_ROW + FONT_SIZE / 2;
  return {
    left: PAD.left,
    top,
    width: Math.max(1, size.width - PAD.left - PAD.right),
    height: Math.max(1, size.height - top - PAD.bottom),
  };
}

/**
 * Draws everything but the cursor (the part that changes only with the data, size or theme) and returns
 * the layout; `opaque` fills the theme's surface first (the PNG), otherwise the page shows through.
 */
export function drawChartBase(
  ctx: CanvasRenderingContext2D,
  size: ChartSize,
  data: ChartData,
  theme: ChartTheme,
  opaque = false,
): ChartLayout {
  const layout = chartLayout(ctx, size, data.series, theme);
  const span = chartSpan(data);
  const { left, top, width, height } = layout;
  const bottom = top + height;
  const x = (t: number) => xOf(layout, span, t);
  const y = (degrees: number) => yOf(layout, degrees);

  ctx.save();
  ctx.clearRect(0, 0, size.width, size.height);
  if (opaque) {
    ctx.fillStyle = theme.surface;
    ctx.fillRect(0, 0, size.width, size.height);
  }
  ctx.font = fontOf(theme);
  ctx.textBaseline = 'middle';

  // Legend: a short thick line in the series' colour, then its label.
  for (const entry of legendEntries(ctx, size, data.series).entries) {
    const rowY = PAD.top + entry.row * LEGEND_ROW + LEGEND_ROW / 2;
    ctx.fillStyle = entry.series.color;
    ctx.fillRect(entry.x, rowY - 1.5, LEGEND_SWATCH, 3);
    ctx.fillStyle = theme.text;
    ctx.textAlign = 'left';
    ctx.fillText(entry.series.label, entry.x + LEGEND_SWATCH + 5, rowY);
  }

  // Degrees: gridlines every 45°, labelled on the left.
  ctx.lineWidth = 1;
  for (let deg = 0; deg <= MAX_DEGREES; deg += DEGREE_STEP) {
    const lineY = Math.round(y(deg)) + 0.5;
    ctx.strokeStyle = theme.grid;
    ctx.beginPath();
    ctx.moveTo(left, lineY);
    ctx.lineTo(left + width, lineY);
    ctx.stroke();
    ctx.fillStyle = theme.muted;
    ctx.textAlign = 'right';
    ctx.fillText(`${deg}°`, left - 6, lineY);
  }

  // Seconds: ticks under the plot; the last label is kept inside the canvas.
  const { ticks, step } = timeTicks(span, width);
  ctx.textBaseline = 'top';
  for (const t of ticks) {
    const tickX = Math.round(x(t)) + 0.5;
    ctx.strokeStyle = theme.grid;
    ctx.beginPath();
    ctx.moveTo(tickX, bottom);
    ctx.lineTo(tickX, bottom + 4);
    ctx.stroke();
    const label = formatTick(t, step);
    const half = ctx.measureText(label).width / 2;
    ctx.fillStyle = theme.muted;
    ctx.textAlign = 'center';
    ctx.fillText(label, Math.min(size.width - half - 1, Math.max(half + 1, tickX)), bottom + 7);
  }

  if (!hasValues(data.series)) {
    ctx.fillStyle = theme.muted;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `${FONT_SIZE + 2}px ${theme.font}`;
    ctx.fillText(EMPTY_CHART_TEXT, left + width / 2, top + height / 2);
    ctx.restore();
    return layout;
  }

  // Lines, broken where a value is missing; a value alone between gaps is a dot.
  ctx.beginPath();
  ctx.rect(left, top - 2, width, height + 4);
  ctx.clip();
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const s of data.series) {
    ctx.strokeStyle = s.color;
    ctx.fillStyle = s.color;
    ctx.beginPath();
    let run = 0;
    data.times.forEach((t, i) => {
      const v = s.values[i] ?? null;
      if (v === null || !Number.isFinite(v)) {
        if (run === 1) dot(ctx, x(data.times[i - 1]!), y(s.values[i - 1]!), 2);
        run = 0;
        return;
      }
      if (run === 0) ctx.moveTo(x(t), y(v));
      else ctx.lineTo(x(t), y(v));
      run++;
    });
    if (run === 1) dot(ctx, x(data.times.at(-1)!), y(s.values[data.times.length - 1]!), 2);
    ctx.stroke();
  }
  ctx.restore();
  return layout;
}

/** Adds a filled dot as its own path, leaving the current path (a series' line) as it was. */
function dot(ctx: CanvasRenderingContext2D, x: number, y: number, radius: number) {
  const path = new Path2D();
  path.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fill(path);
}

/** Draws the playback cursor at `time`: a vertical line and a dot on each series at the nearest sample. */
export function drawChartCursor(
  ctx: CanvasRenderingContext2D,
  layout: ChartLayout,
  data: ChartData,
  theme: ChartTheme,
  time: number,
) {
  const span = chartSpan(data);
  const x = xOf(layout, span, time);
  ctx.save();
  ctx.strokeStyle = theme.cursor;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(x, layout.top - 2);
  ctx.lineTo(x, layout.top + layout.height);
  ctx.stroke();
  const index = nearestSample(data.times, time);
  if (index >= 0) {
    const sampleX = xOf(layout, span, data.times[index]!);
    ctx.strokeStyle = theme.surface;
    for (const s of data.series) {
      const v = s.values[index] ?? null;
      if (v === null || !Number.isFinite(v)) continue;
      ctx.fillStyle = s.color;
      ctx.beginPath();
      ctx.arc(sampleX, yOf(layout, v), 3.5, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** The whole chart on the theme's surface, with the cursor when `cursor` is a time (the PNG has none). */
export function drawAngleChart(
  ctx: CanvasRenderingContext2D,
  size: ChartSize,
  data: ChartData,
  theme: ChartTheme,
  cursor: number | null = null,
): ChartLayout {
  const layout = drawChartBase(ctx, size, data, theme, true);
  if (cursor !== null) drawChartCursor(ctx, layout, data, theme, cursor);
  return layout;
}
