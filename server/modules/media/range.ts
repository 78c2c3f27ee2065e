/** A single byte range of a `Range: bytes=…` header, resolved against the file size. */
export type ByteRange = { start: number; end: number };

/**
 * Parses a Range header for a file of `size` bytes: null when absent, malformed or asking for
 * several ranges (the whole file is then served, as RFC 9110 allows); 'unsatisfiable' when it
 * lies outside the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, from, to] = m;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || (to !== '' && Number(to) < start)) return 'unsatisfiable';
  return { start, end };
}
