// Whether a file is an MP4/QuickTime, without mp4box.js: the analysis engine asks it of every video it
// loads (engine/read-timing.ts), and mp4box (180 KB of the engine's chunk) is only needed to decode a
// clip (mp4-demux.ts, in the pose worker and Make clip). Imported from here, the engine's chunk no
// longer evaluates mp4box on the physiological page's way to interactive (docs/decisions.md decision 76).

/** Whether the bytes begin like an MP4/QuickTime file: a box whose type is one a file starts with. */
export function looksLikeMp4(head: Uint8Array): boolean {
  if (head.length < 8) return false;
  const type = String.fromCharCode(...head.subarray(4, 8));
  return ['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot'].includes(type);
}
