/** A media time as m:ss.cc (hundredths, for frame-by-frame work): 83.456 → '1:23.45'. */
export function formatClock(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const hundredths = Math.floor(safe * 100 + 1e-6);
  const minutes = Math.floor(hundredths / 6000);
  const rest = hundredths - minutes * 6000;
  const secs = Math.floor(rest / 100);
  const cents = rest % 100;
  return `${minutes}:${String(secs).padStart(2, '0')}.${String(cents).padStart(2, '0')}`;
}
