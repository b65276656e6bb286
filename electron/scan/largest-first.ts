/**
 * The order a scan takes its inputs in: the largest file first, among the inputs the walk has found up to a window
 * ahead of the scan. The longest files start first, so the decoders finish close together (the longest-processing-
 * time rule), and files of one kind and size come one after another, so the NVDEC decoder pool hands a parked decoder
 * to the next file more often. It is the order a Ray shard holds its files in (python/src/zci/scan/shards.py).
 */
import { stat } from 'node:fs/promises';
import type { ScanInput } from './scan-inputs';

/** How many inputs the walk may run ahead of the scan to choose the largest among them. */
const ORDER_WINDOW = 1024;

interface Sized {
  input: ScanInput;
  /** Bytes; -1 for an input that has a problem or cannot be read (they come last: they take no time). */
  size: number;
}

/** True when A goes before B: larger first, then by path, so the same files always come in the same order. */
const before = (a: Sized, b: Sized): boolean => a.size > b.size || (a.size === b.size && a.input.path < b.input.path);

/** INPUTS, the largest first among up to WINDOW of them at a time. */
export async function* largestFirst(
  inputs: AsyncIterable<ScanInput>,
  window: number = ORDER_WINDOW,
): AsyncGenerator<ScanInput> {
  const iterator = inputs[Symbol.asyncIterator]();
  const buffer: Sized[] = [];
  let exhausted = false;
  for (;;) {
    while (!exhausted && buffer.length < Math.max(1, window)) {
      const next = await iterator.next();
      if (next.done === true) {
        exhausted = true;
        break;
      }
      const input = next.value;
      const size =
        input.problem === null
          ? await stat(input.path).then(
              (info) => info.size,
              () => -1,
            )
          : -1;
      buffer.push({ input, size });
    }
    if (buffer.length === 0) return;
    let best = 0;
    for (let i = 1; i < buffer.length; i += 1) if (before(buffer[i]!, buffer[best]!)) best = i;
    const [taken] = buffer.splice(best, 1);
    if (taken !== undefined) yield taken.input;
  }
}
