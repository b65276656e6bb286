/** Checks what the window asks the main process for when it exports: a sane rectangle, a plain file name. */
import type { PanelRect } from '../../contract/ipc-channels';

/** Largest side of a panel picture, in CSS pixels. */
const MAX_SIDE = 8192;

/** The rectangle as whole pixels inside the page, or null when it is not a rectangle a panel could have. */
export function panelRect(value: unknown): PanelRect | null {
  if (typeof value !== 'object' || value === null) return null;
  const { x, y, width, height } = value as Record<string, unknown>;
  const numbers = [x, y, width, height];
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  const rect = {
    x: Math.max(0, Math.floor(x as number)),
    y: Math.max(0, Math.floor(y as number)),
    width: Math.ceil(width as number),
    height: Math.ceil(height as number),
  };
  if (rect.width < 1 || rect.height < 1 || rect.width > MAX_SIDE || rect.height > MAX_SIDE) return null;
  return rect;
}

/** A default file name for the save dialog: the window's suggestion reduced to a plain .zci name. */
export function captureFileName(value: unknown): string {
  const base = typeof value === 'string' ? (value.split(/[\\/]/).pop() ?? '') : '';
  const clean = base.replace(/[^A-Za-z0-9._ -]+/g, '_').slice(0, 120);
  if (clean === '' || clean.startsWith('.')) return 'capture.zci';
  return clean.toLowerCase().endsWith('.zci') ? clean : `${clean}.zci`;
}
