/** Turns the addon's memory read into what crosses the wire. */
import type { NativeMemoryRead } from '../../native/index';
import type { MemoryRead } from '../../contract/memory';

/** A read's bytes as a view (no copy), checking their count against its rows, row width and bytes read. */
export function toWireMemoryRead(read: NativeMemoryRead): MemoryRead {
  const expected = read.rows * read.bytesPerRow;
  if (read.data.byteLength !== expected || read.bytesRead !== expected) {
    throw new Error(
      `memory read of ${read.rows} rows × ${read.bytesPerRow} bytes came with ${read.data.byteLength} bytes (bytesRead ${read.bytesRead})`,
    );
  }
  const { data, ...rest } = read;
  return { ...rest, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}
