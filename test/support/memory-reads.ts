/**
 * A frame's memory made up for the component tier (jsdom runs no addon): bytes and regions given by the test, read
 * back in readMemory's answer shape, through a client the store talks to like the real one.
 */
import type { MethodName, ParamsOf, ResultOf } from '../../contract/contract';
import { rpcError, RpcFailure } from '../../contract/envelope';
import type { MemoryRead, MemoryRegion, ReadMemoryParams } from '../../contract/memory';
import type { FrameReport } from '../../contract/report';

/** What a made-up frame answers for a byte of a plane's rows: its value and its region. */
export type ByteRule = (plane: number, row: number, byte: number) => { value: number; region: MemoryRegion };

/** The answer readMemory gives for a plane range of a made-up frame. */
export function madeUpRead(report: FrameReport, params: ReadMemoryParams, rule: ByteRule, total: number): MemoryRead {
  const { range } = params;
  if (!('plane' in range)) throw new Error('the made-up frame answers plane ranges only');
  const plane = report.planes.find((p) => p.index === range.plane);
  if (plane === undefined) throw new Error(`no plane ${range.plane}`);
  const start = range.byteStart ?? 0;
  const count = range.byteCount ?? plane.pitch - start;
  const bytes = new Uint8Array(range.rows * count);
  const regions: MemoryRead['regions'] = [];
  for (let r = 0; r < range.rows; r += 1) {
    for (let b = 0; b < count; b += 1) {
      const { value, region } = rule(range.plane, range.row + r, start + b);
      const i = r * count + b;
      bytes[i] = value;
      const last = regions[regions.length - 1];
      if (last !== undefined && last.region === region) last.length += 1;
      else regions.push({ start: i, length: 1, region, plane: range.plane });
    }
  }
  const address = BigInt(plane.ffmpegPointer) + BigInt(range.row * plane.pitch + start);
  return {
    frameIndex: params.index,
    source: 'host',
    plane: range.plane,
    row: range.row,
    offset: range.row * plane.pitch + start,
    rows: range.rows,
    bytesPerRow: count,
    rowPitch: plane.pitch,
    data: Uint8Array.from(bytes),
    regions,
    allocation: { start: plane.ffmpegPointer, size: plane.pitch * 2000, separate: true },
    address: `0x${address.toString(16)}`,
    bytesRead: bytes.length,
    totalBytesRead: total + bytes.length,
    cap: 1_048_576,
  };
}

/** A client that answers readMemory from the made-up frame and counts what it was asked. */
export function madeUpClient(report: () => FrameReport, rule: ByteRule) {
  const asked: ReadMemoryParams[] = [];
  let total = 0;
  const client = {
    call: <M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> => {
      if (method !== 'readMemory') {
        return Promise.reject(
          new RpcFailure(rpcError('INTERNAL', `the made-up frame answers readMemory only (${method})`)),
        );
      }
      const read = madeUpRead(report(), params as ReadMemoryParams, rule, total);
      asked.push(params as ReadMemoryParams);
      total = read.totalBytesRead;
      return Promise.resolve(read as unknown as ResultOf<M>);
    },
    on: () => () => undefined,
  };
  return { client, asked };
}
