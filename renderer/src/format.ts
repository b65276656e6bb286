/** Formatting of pointers, byte counts and times for display. */

/** A hex pointer grouped in 4-digit blocks for reading aloud, e.g. 0x7f3a_0000_1000. */
export function groupHex(hex: string | null): string {
  if (hex === null) return '—';
  const digits = hex.replace(/^0x/i, '');
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 4) groups.unshift(digits.slice(Math.max(0, end - 4), end));
  return `0x${groups.join('_')}`;
}

const COUNT = new Intl.NumberFormat('en-US');

/**
 * A count with thousands separators, e.g. 3,110,400. One formatter for the app: `toLocaleString` builds a new one on
 * every call, which costs more than the rest of a panel's render.
 */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** A byte count with binary units. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit] ?? 'TiB'}`;
}

/** Seconds as m:ss.mmm. */
export function formatTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  return `${minutes}:${rest.toFixed(3).padStart(6, '0')}`;
}

/** The difference between two hex pointers as a signed byte count, or null when either is missing. */
export function hexDelta(a: string | null, b: string | null): bigint | null {
  if (a === null || b === null) return null;
  try {
    return BigInt(a) - BigInt(b);
  } catch {
    return null;
  }
}

/** The last path component, for short labels. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path;
}

/** "2026-11-30 12:22 UTC" from an ISO time. */
export function captureTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A typed number as a whole number inside bounds (both ends included). */
export function clampTo(bounds: { min: number; max: number }, text: string): number {
  return Math.max(bounds.min, Math.min(bounds.max, Math.trunc(Number(text))));
}

const DURATION_UNITS = [
  { unit: 'µs', per: 1 },
  { unit: 'ms', per: 1e3 },
  { unit: 's', per: 1e6 },
] as const;

/** A duration given in microseconds, in the unit that reads best: "850 µs", "28.6 ms", "1.25 s" (3 digits). */
export function formatDuration(microseconds: number | null): string {
  if (microseconds === null || !Number.isFinite(microseconds) || microseconds < 0) return '—';
  if (microseconds === 0) return '0 µs';
  for (const [i, { unit, per }] of DURATION_UNITS.entries()) {
    const value = microseconds / per;
    const text = value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
    // 999.7 µs rounds to "1000 µs": that is 1.00 ms.
    if (Number(text) < 1000 || i === DURATION_UNITS.length - 1) return `${text} ${unit}`;
  }
  return '—';
}
