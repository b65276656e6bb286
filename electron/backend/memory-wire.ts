/** Turns the addon's memory read into what crosses the wire. */
import type { NativeMemoryRead } from '../../native/index';
import { memoryReadProblem, type MemoryRead } from '../../contract/memory';
import { RpcFailure, rpcError } from '../../contract/envelope';

/** A read's bytes as a view (no copy), checking their count against its rows, row width and bytes read, and the
 * whole answer against the format. */
export function toWireMemoryRead(read: NativeMemoryRead): MemoryRead {
  const expected = read.rows * read.bytesPerRow;
  if (read.data.byteLength !== expected || read.bytesRead !== expected) {
    throw new Error(
      `memory read of ${read.rows} rows × ${read.bytesPerRow} bytes came with ${read.data.byteLength} bytes (bytesRead ${read.bytesRead})`,
    );
  }
  const { data, ...rest } = read;
  const wire = { ...rest, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  // An answer outside the format (a row width of 0, a 17-digit address) would reach the renderer as if it were one.
  const problem = memoryReadProblem(wire);
  if (problem !== null)
    throw new RpcFailure(rpcError('INTERNAL', `The addon's memory read is not one the format allows (${problem}).`));
  return wire;
}
