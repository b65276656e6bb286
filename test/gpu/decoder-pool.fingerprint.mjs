// What a decoder's frames are, without what changes from decoder to decoder (addresses, contexts, timings): the
// report's facts and a digest of every plane's visible bytes, all of them, read from the frame's memory with
// readMemory (row by row in reads under the read cap).
import { createHash } from 'node:crypto';

import { addon } from '../native/helpers.mjs';

/** Clips with NVDEC decoders of three kinds; the odd and the damaged one share their decoder's parameters. */
export const FILES = ['h264-1080p-420.mp4', 'hevc-main10-1280x720.mp4', 'h264-odd-642x362.mp4', 'h264-damaged-642x362.mp4'];

/** Drops what differs between two decoders of the same frames: addresses, contexts, pools (and the pool's record of
 * the decoder's mappings), timings, the ledger, and
 * the aliasing proof's canary (random on every frame). */
function facts(value) {
  if (Array.isArray(value)) return value.map(facts);
  if (value === null || typeof value !== 'object') return typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? 'address' : value;
  const out = {};
  for (const [key, v] of Object.entries(value)) {
    if (['allocation', 'context', 'pool', 'timings', 'ledger', 'canary', 'readBack', 'decoderSurface'].includes(key)) continue;
    out[key] = facts(v);
  }
  return out;
}

/** Frames in an order that decodes forward, jumps ahead, and seeks back (an H.264 seek makes FFmpeg ask for a new
 * decoder, which the pool may answer). */
function order(frameCount) {
  const last = frameCount - 1;
  return [...new Set([0, 1, 2, 5, Math.min(12, last), last, 3, 0].filter((n) => n >= 0 && n <= last))];
}

/** Waits until the sessions closed so far have given their decoders back (close() tears down on a worker thread). */
export async function decodersGivenBack() {
  for (let waited = 0; waited < 5000; waited += 20) {
    const pool = addon.environment().decoderPool;
    if (!pool.active || pool.live === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the closed sessions did not give their decoders back within 5 s');
}

/** A SHA-256 of the visible bytes of every plane of the held frame REPORT describes, in plane and row order. */
async function planeDigest(s, report) {
  const cap = addon.vocabulary().memoryReadCap;
  const digest = createHash('sha256');
  let total = 0;
  for (const plane of report.planes) {
    const byteCount = plane.visibleBytesPerRow;
    const step = Math.max(1, Math.floor(cap / byteCount));
    for (let row = 0; row < plane.height; row += step) {
      const rows = Math.min(step, plane.height - row);
      const read = await s.readMemory({ plane: plane.index, row, rows, byteStart: 0, byteCount }, { index: report.frameIndex });
      if (read.bytesRead !== rows * byteCount) throw new Error(`plane ${plane.index} rows ${row}+${rows}: ${read.bytesRead} bytes`);
      digest.update(read.data);
      total += read.bytesRead;
    }
  }
  const expected = report.planes.reduce((sum, p) => sum + p.visibleBytesPerRow * p.height, 0);
  if (total !== expected) throw new Error(`read ${total} bytes of ${expected}`);
  return digest.digest('hex');
}

/** The fingerprint of each frame of one file, opened in this process. */
export async function fingerprints(file) {
  const s = await addon.Session.open(file);
  try {
    const frames = [];
    for (const n of order(s.info.frameCount)) {
      const r = await s.show({ index: n });
      frames.push({ frame: n, report: facts(r.report), pixels: await planeDigest(s, r.report) });
    }
    return { decodePath: s.info.decodePath, frames };
  } finally {
    s.close();
    await decodersGivenBack();
  }
}
