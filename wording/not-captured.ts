/**
 * What the memory views say of bytes a capture did not keep: a fact about the capture, not a failure, so in plain
 * words with the rows it did keep by plane name ("Not in this capture (kept: Y rows 0–1, 1078–1089; UV rows 0–1)"),
 * read from the MEMORY_NOT_CAPTURED message that names them ("…; it holds plane 0 rows 0–1, plane 0 rows …").
 */

/** A row's words where the capture kept none of its bytes. */
export const NOT_CAPTURED_ROW = 'not captured';

/** The headline every not-captured sentence starts with. */
export const NOT_CAPTURED = 'Not in this capture';

/** One run of rows a capture keeps of a plane. */
interface KeptRows {
  plane: number;
  from: number;
  to: number;
}

/** The rows a MEMORY_NOT_CAPTURED message says the capture holds, in the order it names them (none: it holds no
 * bytes of the frame, or the message names none). */
export function keptRows(message: string): KeptRows[] {
  const held = /it holds (.*)\.$/s.exec(message)?.[1] ?? '';
  return [...held.matchAll(/plane (\d+) rows (\d+)[–-](\d+)/g)].map((m) => ({
    plane: Number(m[1]),
    from: Number(m[2]),
    to: Number(m[3]),
  }));
}

/** "Not in this capture (kept: Y rows 0–1, 1078–1089; UV rows 0–1)": the kept runs merged and sorted, plane by
 * plane, each plane by its name. */
export function notCapturedWords(message: string | null, planeName: (plane: number) => string): string {
  const kept = message === null ? [] : keptRows(message);
  if (kept.length === 0)
    return message === null ? `${NOT_CAPTURED}.` : `${NOT_CAPTURED} (it kept no bytes of this frame's memory).`;
  const planes = [...new Set(kept.map((k) => k.plane))].sort((a, b) => a - b);
  const parts = planes.map((plane) => {
    const runs = kept.filter((k) => k.plane === plane).sort((a, b) => a.from - b.from);
    const merged: { from: number; to: number }[] = [];
    for (const run of runs) {
      const last = merged[merged.length - 1];
      if (last !== undefined && run.from <= last.to + 1) last.to = Math.max(last.to, run.to);
      else merged.push({ from: run.from, to: run.to });
    }
    return `${planeName(plane)} rows ${merged.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`)).join(', ')}`;
  });
  return `${NOT_CAPTURED} (kept: ${parts.join('; ')})`;
}
