/**
 * Decoder A/B of the frame on screen: the same frame decoded again by FFmpeg's software decoder and compared with
 * the open file's decoder (compareDecoders), and where to put the pixel probe (on a difference, say).
 */
import type { DecoderCompareResult } from '../../../contract/decoder-compare';
import type { FrameReport } from '../../../contract/report';
import type { SliceCreator } from './types';

/** A place for the pixel probe to go, asked for by another panel, for one frame's report. */
interface ProbeRequest {
  report: FrameReport;
  /** The plane index in the frame's memory (report.planes). */
  plane: number;
  x: number;
  y: number;
  /** Counts requests, so that asking for the same place again moves the probe again. */
  serial: number;
}

/** Decoder A/B state with actions. */
export interface DecodersSlice {
  /** The last comparison and the report it was made for (shown only while that frame is on screen). */
  decoderCompare: { report: FrameReport; result: DecoderCompareResult } | null;
  decoderCompareRunning: boolean;
  probeRequest: ProbeRequest | null;
  compareDecoders(): Promise<void>;
  probeAt(plane: number, x: number, y: number): void;
}

/** Creates the decoder A/B slice. */
export const createDecodersSlice: SliceCreator<DecodersSlice> = (set, get, client) => ({
  decoderCompare: null,
  decoderCompareRunning: false,
  probeRequest: null,
  compareDecoders: async () => {
    const report = get().report;
    if (report === null) return;
    set({ decoderCompareRunning: true });
    try {
      const result = await client.call('compareDecoders', { index: report.frameIndex });
      // A comparison that comes back after the frame changed is of another frame: kept for that report only.
      set({ decoderCompare: { report, result }, decoderCompareRunning: false });
    } catch (error) {
      set({ decoderCompareRunning: false });
      get().showError(error);
    }
  },
  probeAt: (plane, x, y) => {
    const report = get().report;
    if (report === null) return;
    set({ probeRequest: { report, plane, x, y, serial: (get().probeRequest?.serial ?? 0) + 1 } });
  },
});
