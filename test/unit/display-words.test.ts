import { describe, expect, it } from 'vitest';
import { displayWords } from '../../wording/display-words';
import { ffmpegWords, frameThreadWords, nvdecOutputWords } from '../../wording/ffmpeg-words';
import { gpuEnvironment } from '../support/reports';

describe('displayWords', () => {
  const base = { width: 640, height: 360 };
  it('names a quarter turn with the size a player shows, and the declared range', () => {
    expect(displayWords({ ...base, rotationDegrees: 90, displayFlipped: false, colorRange: 'pc' })).toBe(
      'rotated 90° by the display matrix (stored 640×360, shown 360×640) · full range (pc)',
    );
    expect(displayWords({ ...base, rotationDegrees: -90, displayFlipped: false, colorRange: 'tv' })).toBe(
      'rotated -90° by the display matrix (stored 640×360, shown 360×640) · limited range (tv)',
    );
  });
  it('says so when there is no rotation, a half turn keeps the size, a mirror is named', () => {
    expect(displayWords({ ...base, rotationDegrees: 0, displayFlipped: false, colorRange: 'unknown' })).toBe(
      'no rotation · range not declared (read as limited)',
    );
    expect(displayWords({ ...base, rotationDegrees: 180, displayFlipped: true, colorRange: 'tv' })).toBe(
      'rotated 180° and mirrored by the display matrix (stored 640×360, shown 640×360) · limited range (tv)',
    );
  });
  it('is null for a report made before the stream carried them', () => {
    expect(displayWords(base)).toBeNull();
  });
});

describe('ffmpegWords', () => {
  it('names the release, its origin and file, and the hwaccel; older environments lack the release', () => {
    const { ffmpeg } = gpuEnvironment();
    expect(ffmpegWords(ffmpeg)).toBe(
      'FFmpeg 5.1.9-0+deb12u1 (system: /usr/lib/x86_64-linux-gnu/libavcodec.so.59) · avcodec 59.37.100 · CUDA hwaccel',
    );
    expect(
      ffmpegWords({ libavcodec: '59.37.100', libavformat: '', libavutil: '', libswscale: '', cudaHwaccel: false }),
    ).toBe('FFmpeg (release not recorded) · avcodec 59.37.100 · no CUDA hwaccel');
  });
  it('says what NVDEC frames are for each output mode', () => {
    const nvdec = 'nvdec' as const;
    expect(nvdecOutputWords({ decodePath: nvdec, nvdecOutput: 'copy' })).toMatch(
      /FFmpeg's copies .*(AV_HWACCEL_FLAG_UNSAFE_OUTPUT avoids it)/,
    );
    expect(nvdecOutputWords({ decodePath: nvdec, nvdecOutput: 'unsafe-output' })).toMatch(
      /keeps one of NVDEC's output surfaces/,
    );
    expect(nvdecOutputWords({ decodePath: nvdec, nvdecOutput: 'mapped-surface' })).toMatch(/never copies/);
    expect(nvdecOutputWords({ decodePath: 'software', nvdecOutput: null })).toBeNull();
  });
  it('never offers the hwaccel’s flag as the way out of a cuvid decoder’s copy, which it does not reach', () => {
    const words = nvdecOutputWords({ decodePath: 'cuvid', nvdecOutput: 'copy' });
    expect(words).toMatch(/^frames are the cuvid decoder's copies of NVDEC's surfaces/);
    expect(words).toMatch(/a cuvid decoder always copies/);
    expect(words).not.toMatch(/avoids it/);
  });

  it('says what frame threads leave out of the damage, and nothing with one thread or none recorded', () => {
    expect(frameThreadWords({ frameThreads: 4 })).toMatch(/^4 pictures decoded at once; .*error flags.*messages alone/);
    expect(frameThreadWords({ frameThreads: 1 })).toBeNull();
    expect(frameThreadWords({})).toBeNull();
  });
});
