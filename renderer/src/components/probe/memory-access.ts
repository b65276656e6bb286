/** What the memory views need from the store: the reads of the frame on screen, their counts, the last failure. */
import type { RpcError } from '../../../../contract/envelope';
import type { ReadMemoryParams } from '../../../../contract/memory';
import type { MemoryBytes, MemoryStats } from '../../store/probe-slice';

/** Reads of the frame on screen, as the probe and the boundary view use them. */
export interface MemoryAccess {
  /** Changes whenever a read arrives or the reads are forgotten. */
  version: number;
  stats: MemoryStats | null;
  error: RpcError | null;
  cached(range: ReadMemoryParams['range']): MemoryBytes | undefined;
  read(range: ReadMemoryParams['range']): Promise<MemoryBytes | null>;
}
