/** The scan's decoders without --decoders: one for each NVDEC engine the driver reports, at most the measured cap. */
import { describe, expect, it } from 'vitest';
import { chosenDecoders, decodersFromEngines, SCAN_DECODERS_CAP } from '../../electron/scan/scan-decoders';

const reported = (engines: number | null) => ({
  engines,
  reason: engines === null ? 'the driver could not be asked for device 0: no CUDA device' : `${engines} engines`,
});

describe('decoders from engines', () => {
  it('takes one decoder for each engine up to the cap, and the cap beyond it', () => {
    expect(SCAN_DECODERS_CAP).toBe(4);
    const byEngines = [1, 2, 3, 4, 5, 7, 16].map((n) => decodersFromEngines(reported(n), null).decoders);
    expect(byEngines).toEqual([1, 2, 3, 4, 4, 4, 4]);
    expect(decodersFromEngines(reported(2), 'nvdec').decoders).toBe(2);
    expect(decodersFromEngines(reported(3), 'cuvid').decoders).toBe(3);
  });

  it('says the engines and the rule that chose, and that --decoders chooses otherwise', () => {
    expect(decodersFromEngines(reported(7), null).words).toBe(
      '4 files at once: the GPU has 7 NVDEC engines (cuvidGetDecoderCaps); at most 4, the best measured (--decoders N chooses)',
    );
    expect(decodersFromEngines(reported(1), null).words).toBe(
      "1 file at once: one for each of the GPU's 1 NVDEC engine (cuvidGetDecoderCaps; --decoders N chooses)",
    );
    expect(decodersFromEngines(reported(3), null).words).toMatch(
      /^3 files at once: one for each of the GPU's 3 NVDEC engines/,
    );
  });

  it('falls back to the cap, with the reason, where no engine is counted', () => {
    const none = decodersFromEngines(reported(null), null);
    expect(none.decoders).toBe(SCAN_DECODERS_CAP);
    expect(none.words).toBe(
      '4 files at once, the default: the driver could not be asked for device 0: no CUDA device (--decoders N chooses)',
    );
    expect(decodersFromEngines({ engines: 0, reason: 'no engine' }, null)).toEqual({
      decoders: SCAN_DECODERS_CAP,
      words: '4 files at once, the default: no engine (--decoders N chooses)',
    });
    expect(decodersFromEngines(null, null).words).toMatch(/the NVDEC engines were not counted/);
    // Software decoding counts no engine, whatever the GPU has.
    expect(decodersFromEngines(reported(1), 'software')).toEqual({
      decoders: SCAN_DECODERS_CAP,
      words: '4 files at once, the default: software decoding counts no NVDEC engine (--decoders N chooses)',
    });
  });

  it("says the user's own choice as such", () => {
    expect(chosenDecoders(1)).toEqual({ decoders: 1, words: '1 file at once (--decoders 1)' });
    expect(chosenDecoders(8).words).toBe('8 files at once (--decoders 8)');
  });
});
