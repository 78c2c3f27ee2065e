/**
 * File types recognised by their first bytes (DESIGN.md decision 8): the declared type and the
 * name are never trusted. SVG and HTML have no signature here, so they are never accepted.
 */
export type SniffedType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** How many leading bytes detection needs. */
export const SNIFF_BYTES = 16;

const startsWith = (buf: Uint8Array, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The type of a file from its first bytes, or null when it is none we accept. */
export function sniffType(head: Uint8Array): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export const IMAGE_TYPES: ReadonlySet<SniffedType> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);
