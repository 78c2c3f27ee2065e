/**
 * A time as m:ss.cc (hundredths, for frame-by-frame work, cut down): 83.456 → '1:23.45'; with `digits`
 * 3, to the nearest millisecond, as the stopwatches read (a slow-motion clip's real time, issue 33):
 * 1 → '0:01.000', frame 100 of a 240 fps capture (0.41666… s) → '0:00.417'.
 */
export function formatClock(seconds: number, digits: 2 | 3 = 2): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const unit = 10 ** digits;
  const ticks = digits === 3 ? Math.round(safe * unit) : Math.floor(safe * unit + 1e-6);
  const minutes = Math.floor(ticks / (60 * unit));
  const rest = ticks - minutes * 60 * unit;
  const secs = Math.floor(rest / unit);
  const fraction = rest % unit;
  return `${minutes}:${String(secs).padStart(2, '0')}.${String(fraction).padStart(digits, '0')}`;
}
