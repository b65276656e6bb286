/** The name the save dialog suggests for a capture: whatever the window asks for, reduced to a plain .zci name. */

/** A default file name for the save dialog: the window's suggestion reduced to a plain .zci name. */
export function captureFileName(value: unknown): string {
  const base = typeof value === 'string' ? (value.split(/[\\/]/).pop() ?? '') : '';
  const clean = base.replace(/[^A-Za-z0-9._ -]+/g, '_').slice(0, 120);
  if (clean === '' || clean.startsWith('.')) return 'capture.zci';
  return clean.toLowerCase().endsWith('.zci') ? clean : `${clean}.zci`;
}
