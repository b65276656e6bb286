/**
 * The naive wrap (one plane, RGB8, chroma assumed at the display height), each wrong line annotated with what it
 * does to this frame, computed from the report.
 */
import { type CodeFacts } from './facts';

/** One line of the naive snippet and, when it is wrong, what it does to this frame. */
export interface NaiveLine {
  code: string;
  wrong: string | null;
}

const rows = (n: number): string => `${n} row${n === 1 ? '' : 's'}`;

/** A flagged frame's chroma line: where NVDEC wrote the plane, not where FFmpeg's pointer says. */
function flaggedChromaWords(facts: CodeFacts): string | null {
  const fix = facts.decoderFix;
  const luma = facts.planes[0];
  const chroma = facts.planes[1];
  const shift = fix?.planes.find((p) => p.index === 1);
  if (fix === null || luma === undefined || chroma === undefined || shift === undefined) return null;
  if (fix.kind === 'copy')
    return (
      `this frame is FFmpeg's copy, and the decoder's witness flags its ${chroma.name}: FFmpeg copied it from ` +
      `${shift.rows === null ? `${Math.abs(shift.bytes)} bytes` : rows(Math.abs(shift.rows))} ${shift.bytes >= 0 ? 'before' : 'after'} where NVDEC wrote it, so every chroma row of this copy is out of place`
    );
  if (chroma.offsetFromPlane0 === null || shift.rows === null || luma.pitch === 0) return null;
  const decoderRow = (chroma.offsetFromPlane0 + shift.bytes) / luma.pitch;
  if (!Number.isInteger(decoderRow)) return null;
  return `reads from row ${luma.height}, but NVDEC wrote this frame's ${chroma.name} at row ${decoderRow} (the decoder's witness flags FFmpeg's pointer too)`;
}

function chromaWords(facts: CodeFacts): string {
  const luma = facts.planes[0];
  const chroma = facts.planes[1];
  if (luma === undefined || chroma === undefined) return 'this frame has no chroma plane';
  const flagged = flaggedChromaWords(facts);
  if (flagged !== null) return flagged;
  if (chroma.offsetFromPlane0 === null) {
    return `lands in luma's buffer; this frame's ${chroma.name} plane is an allocation of its own at ${chroma.pointer}`;
  }
  const actualRow = chroma.offsetFromPlane0 / luma.pitch;
  const hidden = actualRow - luma.height;
  if (hidden === 0) return `right for this frame only: its chroma happens to follow row ${luma.height}`;
  if (!Number.isInteger(actualRow) || hidden < 0) {
    return `points at byte ${luma.pitch * luma.height}; this frame's ${chroma.name} starts at byte ${chroma.offsetFromPlane0}`;
  }
  const coded = luma.codedRowsNotDisplayed;
  const padding = luma.allocatorPaddingRows;
  const split =
    coded !== null && padding !== null ? ` (${coded} coded not displayed, ${padding} allocator padding)` : '';
  return `reads ${rows(hidden)}${split} as chroma: this frame's ${chroma.name} starts at row ${actualRow}, not ${luma.height}`;
}

/** The naive snippet's lines, annotated for this frame. */
export function naiveLines(facts: CodeFacts): NaiveLine[] {
  const luma = facts.planes[0];
  const w = facts.width;
  const h = facts.height;
  const pitch = luma?.pitch ?? w;
  const sample = facts.sampleBytes === 1 ? '1 byte per sample' : `${facts.sampleBytes} bytes per sample`;
  const rowBytes = w * 3;
  const over = rowBytes > pitch ? `, ${rowBytes - pitch} bytes past this frame's ${pitch}-byte pitch` : '';
  const dropped = facts.planes.slice(1).map((p) => `${p.name} (${p.width}x${p.height})`);
  return [
    { code: 'NVCVImageData data = {0};', wrong: null },
    {
      code: 'data.format = NVCV_IMAGE_FORMAT_RGB8;',
      wrong: `RGB8 over ${facts.swFormat}: 3 bytes per pixel over ${sample}; a ${w}-pixel row reads ${rowBytes} bytes${over}`,
    },
    { code: 'data.bufferType = NVCV_IMAGE_BUFFER_STRIDED_CUDA;', wrong: null },
    {
      code: 'data.buffer.strided.numPlanes = 1;',
      wrong:
        dropped.length > 0
          ? `drops ${dropped.join(' and ')}: NVCV never sees ${dropped.length === 1 ? 'that plane' : 'those planes'}`
          : null,
    },
    { code: `data.buffer.strided.planes[0].width = ${w};`, wrong: null },
    {
      code: `data.buffer.strided.planes[0].height = ${h};`,
      wrong: `${h} rows of ${rowBytes} bytes read ${h * rowBytes} bytes from plane 0; its ${h} rows hold ${h * pitch}`,
    },
    {
      code: `data.buffer.strided.planes[0].rowStride = ${w} * 3;`,
      wrong: `a pitch of ${rowBytes} where this frame's is ${pitch}: every row after the first starts at the wrong byte`,
    },
    { code: 'data.buffer.strided.planes[0].basePtr = (NVCVByte *)frame->data[0];', wrong: null },
    {
      code: `uint8_t *chroma = frame->data[0] + frame->linesize[0] * ${h}; /* chroma after the display rows */`,
      wrong: chromaWords(facts),
    },
  ];
}

/** The naive snippet as text, each wrong line followed by its annotation. */
export function naiveSnippet(facts: CodeFacts): string {
  const lines = naiveLines(facts).flatMap((l) => (l.wrong === null ? [l.code] : [l.code, `  /* WRONG: ${l.wrong} */`]));
  return [`/* The usual first attempt, for frame ${facts.frameIndex}: do not use. */`, ...lines, ''].join('\n');
}
