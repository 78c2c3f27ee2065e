import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTheme } from '../lib/theme-provider';
import { useDevicePixelRatio } from '../lib/use-device-pixel-ratio';
import { cn } from '../lib/utils';
import {
  chartSpan,
  describeAt,
  drawAngleChart,
  drawChartBase,
  drawChartCursor,
  stepTime,
  timeAtX,
  type ChartLayout,
  type ChartSeries,
  type ChartTheme,
} from './angle-chart-draw';

export { ANGLE_CHART_COLORS, type ChartSeries } from './angle-chart-draw';

export type AngleChartProps = {
  /** Seconds of each sample, ascending (as long as every series' values). */
  times: readonly number[];
  /** The x axis runs from 0 to this many seconds. */
  duration: number;
  /** Up to about nine lines; a null value is a gap. Keep the array's identity while nothing changes: a new one redraws. */
  series: readonly ChartSeries[];
  /** The current playback time, drawn as a vertical line; null draws none. */
  cursor: number | null;
  /** A click, a drag or a key on the chart asks to play from that time. */
  onSeek?: (time: number) => void;
  /** The chart's accessible name, e.g. 'Joint angles over time'. */
  label: string;
  /** CSS pixels; 180 unless given. */
  height?: number;
};

/** What a parent can ask of the chart. */
export type AngleChartHandle = {
  /** The chart as a PNG at twice its size on screen, on the theme's surface, with its legend and without the cursor. */
  toPngBlob(): Promise<Blob>;
};

const PNG_SCALE = 2;
const FALLBACK_WIDTH = 720;

/** The chart's colours from the app's theme tokens (client/index.css), as the element under them sees them. */
function readTheme(element: Element): ChartTheme {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    surface: token('--card', '#ffffff'),
    text: token('--foreground', '#17171a'),
    muted: token('--muted-foreground', '#55555e'),
    grid: token('--border', '#dddcd7'),
    cursor: token('--foreground', '#17171a'),
    font: style.fontFamily || 'sans-serif',
  };
}

/** Sizes `canvas` for `width` × `height` CSS px at the device's pixel ratio and returns its scaled context. */
function prepare(canvas: HTMLCanvasElement, width: number, height: number, ratio: number) {
  const pixelWidth = Math.max(1, Math.round(width * ratio));
  const pixelHeight = Math.max(1, Math.round(height * ratio));
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx?.clearRect(0, 0, width, height);
  return ctx;
}

/**
 * Joint angles over time (issue 19): one line per series on a 0–180° axis, the playback cursor, and a
 * click, drag or key that seeks. Drawn on two canvases, the lines once per change of data, size or theme
 * and the cursor on top at every move, so that following playback stays cheap on a long clip. For
 * screen readers and the keyboard it is a slider over the clip's time whose value text says the angles.
 */
export const AngleChart = forwardRef<AngleChartHandle, AngleChartProps>(function AngleChart(
  { times, duration, series, cursor, onSeek, label, height = 180 },
  ref,
) {
  const { resolved } = useTheme();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const baseRef = useRef<HTMLCanvasElement>(null);
  const cursorRef = useRef<HTMLCanvasElement>(null);
  const layoutRef = useRef<ChartLayout | null>(null);
  const themeRef = useRef<ChartTheme | null>(null);
  const [width, setWidth] = useState(0);
  const pixelRatio = useDevicePixelRatio();

  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, []);

  // The lines: redrawn when the data, the size or the theme changes. A passive effect, not a layout one:
  // ThemeProvider puts a new theme's class on <html> in its layout effect, which runs after ours.
  useEffect(() => {
    const canvas = baseRef.current;
    if (!canvas || width <= 0) return;
    const theme = readTheme(canvas);
    themeRef.current = theme;
    const ctx = prepare(canvas, width, height, pixelRatio);
    if (ctx) layoutRef.current = drawChartBase(ctx, { width, height }, { times, duration, series }, theme);
  }, [times, duration, series, width, height, resolved, pixelRatio]);

  // The cursor: redrawn at every move, and after the lines under it.
  useEffect(() => {
    const canvas = cursorRef.current;
    const layout = layoutRef.current;
    const theme = themeRef.current;
    if (!canvas || !layout || !theme || width <= 0) return;
    const ctx = prepare(canvas, width, height, pixelRatio);
    if (ctx && cursor !== null) drawChartCursor(ctx, layout, { times, duration, series }, theme, cursor);
  }, [cursor, times, duration, series, width, height, resolved, pixelRatio]);

  useImperativeHandle(
    ref,
    () => ({
      toPngBlob() {
        const canvas = document.createElement('canvas');
        const size = { width: width > 0 ? width : FALLBACK_WIDTH, height };
        const ctx = prepare(canvas, size.width, size.height, PNG_SCALE);
        const source = baseRef.current ?? wrapperRef.current;
        if (!ctx || !source) return Promise.reject(new Error('The chart cannot be drawn'));
        drawAngleChart(ctx, size, { times, duration, series }, readTheme(source));
        return new Promise<Blob>((resolve, reject) => {
          canvas.toBlob(
            (blob) => (blob ? resolve(blob) : reject(new Error('The chart cannot be saved'))),
            'image/png',
          );
        });
      },
    }),
    [times, duration, series, width, height],
  );

  const span = chartSpan({ times, duration });
  const seekAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const layout = layoutRef.current;
    if (!onSeek || !layout) return;
    const box = event.currentTarget.getBoundingClientRect();
    onSeek(timeAtX(layout, span, event.clientX - box.left));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (!onSeek) return;
    const now = cursor ?? 0;
    const data = { times, duration };
    const targets: Record<string, () => number> = {
      ArrowLeft: () => stepTime(data, now, -1),
      ArrowDown: () => stepTime(data, now, -1),
      ArrowRight: () => stepTime(data, now, 1),
      ArrowUp: () => stepTime(data, now, 1),
      PageDown: () => Math.max(0, now - span / 10),
      PageUp: () => Math.min(span, now + span / 10),
      Home: () => 0,
      End: () => span,
    };
    const target = targets[event.key];
    if (!target) return;
    event.preventDefault();
    onSeek(target());
  };

  const now = cursor ?? 0;
  const interactive = onSeek !== undefined;
  return (
    <div ref={wrapperRef} className="relative w-full" style={{ height }}>
      <canvas ref={baseRef} aria-hidden="true" className="absolute inset-0 h-full w-full" />
      <canvas
        ref={cursorRef}
        className={cn('absolute inset-0 h-full w-full rounded-md', interactive && 'cursor-pointer')}
        aria-label={label}
        {...(interactive
          ? {
              role: 'slider',
              tabIndex: 0,
              'aria-orientation': 'horizontal' as const,
              'aria-valuemin': 0,
              'aria-valuemax': span,
              'aria-valuenow': now,
              'aria-valuetext': describeAt({ times, duration, series }, now),
              onKeyDown,
              onPointerDown: (event: PointerEvent<HTMLCanvasElement>) => {
                if (event.button !== 0) return;
                event.currentTarget.setPointerCapture(event.pointerId);
                seekAt(event);
              },
              onPointerMove: (event: PointerEvent<HTMLCanvasElement>) => {
                if (event.currentTarget.hasPointerCapture(event.pointerId)) seekAt(event);
              },
            }
          : { role: 'img' })}
      />
    </div>
  );
});
