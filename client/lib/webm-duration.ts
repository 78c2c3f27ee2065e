import { planWebmMend, WebmScanner } from '@common/webm';

/**
 * The recorded WebM with its Duration and Cues written in (common/webm.ts), so that players show its
 * length and seek at once; any other file, or one that cannot be mended, as it is. A File keeps its name.
 */
export async function withWebmDuration(blob: File): Promise<File>;
export async function withWebmDuration(blob: Blob): Promise<Blob>;
export async function withWebmDuration(blob: Blob): Promise<Blob> {
  if (!blob.type.includes('webm')) return blob;
  try {
    const scanner = new WebmScanner();
    const reader = blob.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      scanner.push(value);
    }
    const plan = planWebmMend(scanner.end());
    if (!plan) return blob;
    const parts = [plan.head as Uint8Array<ArrayBuffer>, blob.slice(plan.resumeAt)];
    return blob instanceof File
      ? new File(parts, blob.name, { type: blob.type, lastModified: blob.lastModified })
      : new Blob(parts, { type: blob.type });
  } catch (error) {
    console.error('Could not write the recording’s duration', error);
    return blob;
  }
}
