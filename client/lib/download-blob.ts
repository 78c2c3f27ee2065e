/**
 * Saves a blob made in the page (a CSV, a PNG) as a file named `filename`, through a temporary link: the
 * browser's own download, nothing sent anywhere.
 */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: a browser may still be reading the URL when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
