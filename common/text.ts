/** Length in characters (code points), so an emoji counts once and nothing is cut short. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** A time in whole seconds as m:ss: 102.7 → '1:42'. */
export function formatMinutes(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
