/**
 * Two frame reports side by side (A/B): the fields a reader compares, grouped, each marked when A and B differ.
 * Fields are named as the other panels name them; values are written as they are shown there.
 */
import { pointersEqual, stridesEqual } from '../../../../contract/plane-identity';
import type { FrameReport, PlaneReport } from '../../../../contract/report';

/** One compared field. */
interface DiffRow {
  /** Stable key, for test ids. */
  key: string;
  label: string;
  a: string;
  b: string;
  changed: boolean;
}

/** A group of compared fields. */
export interface DiffGroup {
  title: string;
  rows: DiffRow[];
}

type Value = string | number | boolean | null | undefined;

function text(value: Value): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

function row(key: string, label: string, a: Value, b: Value): DiffRow {
  const [ta, tb] = [text(a), text(b)];
  return { key, label, a: ta, b: tb, changed: ta !== tb };
}

/** A plane's name on both sides: "Y", or "UV / U" when the two sides lay the same plane index out differently. */
function planeName(a: PlaneReport | undefined, b: PlaneReport | undefined, index: number): string {
  if (a !== undefined && b !== undefined && a.name !== b.name) return `${a.name} / ${b.name}`;
  return a?.name ?? b?.name ?? String(index);
}

/** The rows of one plane, by plane index (a plane that only one side has shows — on the other). */
function planeRows(a: PlaneReport | undefined, b: PlaneReport | undefined, index: number): DiffRow[] {
  const name = planeName(a, b, index);
  const k = (field: string) => `plane${index}-${field}`;
  const size = (p: PlaneReport | undefined) => (p === undefined ? null : `${p.width}×${p.height}`);
  return [
    row(k('size'), `${name}: samples`, size(a), size(b)),
    row(k('pitch'), `${name}: pitch (bytes)`, a?.pitch, b?.pitch),
    row(k('offset'), `${name}: offset from plane 0`, a?.offsetFromPlane0, b?.offsetFromPlane0),
    row(k('rowsBefore'), `${name}: rows before the next plane`, a?.rowsBeforeNextPlane, b?.rowsBeforeNextPlane),
    row(k('coded'), `${name}: coded rows not displayed`, a?.codedRowsNotDisplayed, b?.codedRowsNotDisplayed),
    row(k('padding'), `${name}: allocator padding rows`, a?.allocatorPaddingRows, b?.allocatorPaddingRows),
  ];
}

function pointerRows(a: FrameReport, b: FrameReport): DiffRow[] {
  const count = Math.max(a.planes.length, b.planes.length);
  const rows: DiffRow[] = [];
  for (let i = 0; i < count; i += 1) {
    const [pa, pb] = [a.planes[i], b.planes[i]];
    const name = planeName(pa, pb, i);
    rows.push(row(`plane${i}-ffmpeg`, `${name}: FFmpeg's pointer`, pa?.ffmpegPointer, pb?.ffmpegPointer));
    rows.push(row(`plane${i}-nvcv`, `${name}: NVCV's pointer`, pa?.nvcvPointer, pb?.nvcvPointer));
    // Judged from the pointers, never from `match`: a capture made before the stride was judged apart set it false
    // for a stride fault, and would show pointers that are equal as unequal.
    const equal = (p: PlaneReport | undefined) => (p === undefined ? null : pointersEqual(p));
    rows.push(row(`plane${i}-match`, `${name}: pointers equal`, equal(pa), equal(pb)));
    const strides = (p: PlaneReport | undefined) => (p === undefined ? null : stridesEqual(p));
    rows.push(row(`plane${i}-stride`, `${name}: NVCV's row stride equals FFmpeg's pitch`, strides(pa), strides(pb)));
  }
  rows.push(row('reused', 'address seen before (surface reused)', a.pool.addressSeenBefore, b.pool.addressSeenBefore));
  rows.push(row('allocation-memory', 'memory kind', a.allocation.memory, b.allocation.memory));
  rows.push(
    row(
      'one-allocation',
      'planes in one allocation',
      a.allocation.planesInOneAllocation,
      b.allocation.planesInOneAllocation,
    ),
  );
  return rows;
}

/** The compared fields of two reports, in groups: decode path, format, layout, pointers and reuse, pool, verdicts. */
export function compareReports(a: FrameReport, b: FrameReport): DiffGroup[] {
  const planes = Math.max(a.planes.length, b.planes.length);
  const layout: DiffRow[] = [
    row(
      'coded-size',
      'coded size',
      `${a.format.codedWidth}×${a.format.codedHeight}`,
      `${b.format.codedWidth}×${b.format.codedHeight}`,
    ),
    row('planes', 'planes', a.planes.length, b.planes.length),
  ];
  for (let i = 0; i < planes; i += 1) layout.push(...planeRows(a.planes[i], b.planes[i], i));
  return [
    {
      title: 'Frame and decode path',
      rows: [
        row('frame', 'frame', a.frameIndex, b.frameIndex),
        row(
          'picture',
          'picture type',
          `${a.pictureType}${a.keyFrame ? ' (key)' : ''}`,
          `${b.pictureType}${b.keyFrame ? ' (key)' : ''}`,
        ),
        row('decode-path', 'decode path', a.decodePath, b.decodePath),
      ],
    },
    {
      title: 'Format',
      rows: [
        row('sw-format', 'sample format', a.format.swFormat, b.format.swFormat),
        row('hw-format', 'hardware format', a.format.hwFormat, b.format.hwFormat),
        row('bit-depth', 'bit depth', a.format.bitDepth, b.format.bitDepth),
        row(
          'display-size',
          'display size',
          `${a.format.width}×${a.format.height}`,
          `${b.format.width}×${b.format.height}`,
        ),
        row('range', 'colour range', a.format.colorRange, b.format.colorRange),
        row('matrix', 'colour matrix', a.format.colorMatrix, b.format.colorMatrix),
      ],
    },
    { title: 'Layout', rows: layout },
    { title: 'Pointers and reuse', rows: pointerRows(a, b) },
    {
      title: 'Pool',
      rows: [
        row('pool-size', 'surfaces in the pool', a.pool.poolSize, b.pool.poolSize),
        row('pool-reserved', 'reserved for the inspector', a.pool.extraReserved, b.pool.extraReserved),
        row('pool-held', 'frames held', a.pool.framesHeld, b.pool.framesHeld),
        row('pool-distinct', 'distinct addresses so far', a.pool.distinctAddresses, b.pool.distinctAddresses),
      ],
    },
    {
      title: 'Verdicts',
      rows: [
        row(
          'aliasing',
          'aliasing proof passed',
          a.aliasing.ran ? a.aliasing.passed : null,
          b.aliasing.ran ? b.aliasing.passed : null,
        ),
        row('aliasing-method', 'proof method', a.aliasing.method, b.aliasing.method),
        row('wrap', 'wrapped in NVCV', a.wrap.available, b.wrap.available),
        row('nvcv-format', 'NVCV format', a.wrap.formatName, b.wrap.formatName),
        row('buffer-type', 'NVCV buffer type', a.wrap.bufferType, b.wrap.bufferType),
        row('single-tensor', 'single-tensor view valid', a.wrap.tensor.valid, b.wrap.tensor.valid),
        row('one-context', 'one CUDA context', a.context.oneContext, b.context.oneContext),
        row('context-strategy', 'context strategy', a.context.strategy, b.context.strategy),
      ],
    },
  ];
}

/** How many compared fields differ. */
export function changedCount(groups: DiffGroup[]): number {
  return groups.reduce((sum, group) => sum + group.rows.filter((r) => r.changed).length, 0);
}
