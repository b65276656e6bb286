/** Saves bytes the page made as a download: the browser's (or Electron's) own save flow, no server involved. */

/** Offers a blob as a file download under a suggested name. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; give the browser a moment before revoking it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Offers a value as pretty-printed JSON. */
export function downloadJson(value: unknown, name: string): void {
  downloadBlob(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }), name);
}

/** A file-name-safe stem from a path: "/videos/My Clip.mp4" → "My-Clip". */
export function fileStem(path: string | null): string {
  const base = (path ?? 'frame').split(/[\\/]/).pop() ?? 'frame';
  const stem = base.replace(/\.[^.]+$/, '').replace(/[^A-Za-z0-9._-]+/g, '-');
  return stem === '' ? 'frame' : stem;
}
