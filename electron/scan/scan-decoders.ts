/**
 * How many files a scan decodes at once when the user does not say (--decoders): one for each NVDEC engine the driver
 * reports on the scan's GPU, and at most SCAN_DECODERS_CAP. The cap is measured: on a seven-engine H100, four files at
 * once scanned faster than eight or twelve in every recorded run (docs/benchmarks.md, the scan table), since each
 * decoder's host side (demux, the witness's reads, the JS thread) also takes its share. Where the count cannot be had
 * (no GPU, no NVDEC, software decoding), the cap is the default.
 */
import type { DecodeMode } from '../../contract/vocabulary';

/** The most decoders chosen without --decoders, and the choice wherever the engines are not counted. */
export const SCAN_DECODERS_CAP = 4;

/** What the driver says of the scan's GPU (the addon's nvdecEngines). */
export interface EngineCount {
  engines: number | null;
  reason: string;
}

/** The decoders a scan runs, and the words that say why. */
export interface DecoderChoice {
  decoders: number;
  /** "4 of the GPU's 7 NVDEC engines (…)": printed with the scan's results. */
  words: string;
}

/** The decoders chosen by the user (--decoders N), said as such. */
export function chosenDecoders(decoders: number): DecoderChoice {
  return { decoders, words: `${decoders} file${decoders === 1 ? '' : 's'} at once (--decoders ${decoders})` };
}

/** Whether a scan's decode mode leaves NVDEC's engines out, so that counting them means nothing. */
export function softwareOnly(decode: DecodeMode | null): boolean {
  return decode === 'software';
}

/** The decoders a scan runs without --decoders: one an engine, at most the cap; the cap where engines are unknown. */
export function decodersFromEngines(count: EngineCount | null, decode: DecodeMode | null): DecoderChoice {
  const cap = SCAN_DECODERS_CAP;
  const choose = '--decoders N chooses';
  if (softwareOnly(decode))
    return {
      decoders: cap,
      words: `${cap} files at once, the default: software decoding counts no NVDEC engine (${choose})`,
    };
  if (count === null || count.engines === null || count.engines < 1) {
    const why = count?.reason ?? 'the NVDEC engines were not counted';
    return { decoders: cap, words: `${cap} files at once, the default: ${why} (${choose})` };
  }
  const engines = `${count.engines} NVDEC engine${count.engines === 1 ? '' : 's'}`;
  if (count.engines > cap)
    return {
      decoders: cap,
      words: `${cap} files at once: the GPU has ${engines} (cuvidGetDecoderCaps); at most ${cap}, the best measured (${choose})`,
    };
  const n = count.engines;
  return {
    decoders: n,
    words: `${n} file${n === 1 ? '' : 's'} at once: one for each of the GPU's ${engines} (cuvidGetDecoderCaps; ${choose})`,
  };
}
