/** Length in characters (code points), so an emoji counts once and nothing is cut short. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
