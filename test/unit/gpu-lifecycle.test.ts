/** Which command lines start the CUDA context before the command's modules load. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FFMPEG_CHOICE_ENV, FFMPEG_CHOICES } from '../../contract/ffmpeg-choice';
import { FFMPEG_VARIANT_ENV, ffmpegVariantNamed } from '../../electron/addon/ffmpeg-variants';
import { ffmpegChoiceOf, scanMayUseGpu, wantsCudaContext } from '../../electron/cli/gpu-lifecycle';

const dir = mkdtempSync(path.join(os.tmpdir(), 'zci-warm-'));
const capture = path.join(dir, 'a.zci');
writeFileSync(capture, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]));
const video = path.join(dir, 'a.mp4');
writeFileSync(video, Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]));

describe('wantsCudaContext', () => {
  it('warms for inspect and capture of a video, on the asked device', () => {
    expect(wantsCudaContext(['inspect', video, '--json'])).toEqual({ device: 0 });
    expect(wantsCudaContext(['capture', video, '-o', 'x.zci', '--device', '2'])).toEqual({ device: 2 });
    expect(wantsCudaContext(['inspect', video, '--device=3'])).toEqual({ device: 3 });
    expect(wantsCudaContext(['inspect', video, '--decode', 'software-upload'])).toEqual({ device: 0 });
  });

  it('does not warm for a capture, software decoding, other commands or a device the parser will refuse', () => {
    expect(wantsCudaContext(['inspect', capture])).toBeNull();
    expect(wantsCudaContext(['inspect', video, '--decode', 'software'])).toBeNull();
    expect(wantsCudaContext(['inspect', video, '--decode=software'])).toBeNull();
    expect(wantsCudaContext(['--help'])).toBeNull();
    expect(wantsCudaContext([])).toBeNull();
    expect(wantsCudaContext(['inspect', video, '--device', '64'])).toBeNull();
    expect(wantsCudaContext(['inspect', video, '--device', 'x'])).toBeNull();
  });
});

describe('scanMayUseGpu', () => {
  it('ends a scan at once unless it is forced to software decoding, and nothing else by it', () => {
    expect(scanMayUseGpu(['scan', dir, '-o', 'r.jsonl'])).toBe(true);
    expect(scanMayUseGpu(['scan', dir, '--decode', 'cuvid'])).toBe(true);
    expect(scanMayUseGpu(['scan', dir, '--decode', 'software'])).toBe(false);
    expect(scanMayUseGpu(['scan', dir, '--decode=software'])).toBe(false);
    expect(scanMayUseGpu(['inspect', video])).toBe(false);
    expect(scanMayUseGpu([])).toBe(false);
  });
});

describe('ffmpegChoiceOf', () => {
  it('reads --ffmpeg as the parser does: either spelling, the last one given', () => {
    expect(ffmpegChoiceOf(['inspect', video])).toBeNull();
    expect(ffmpegChoiceOf(['inspect', video, '--ffmpeg', '7.1'])).toBe('7.1');
    expect(ffmpegChoiceOf(['capture', video, '-o', 'x.zci', '--ffmpeg=system'])).toBe('system');
    expect(ffmpegChoiceOf(['inspect', video, '--ffmpeg', 'system', '--ffmpeg', '7.1'])).toBe('7.1');
  });

  it('calls invalid what the parser will refuse, so nothing is loaded for it', () => {
    expect(ffmpegChoiceOf(['inspect', video, '--ffmpeg', '6.1'])).toBe('invalid');
    expect(ffmpegChoiceOf(['inspect', video, '--ffmpeg='])).toBe('invalid');
    expect(ffmpegChoiceOf(['inspect', video, '--ffmpeg'])).toBe('invalid');
    expect(ffmpegChoiceOf(['inspect', video, '--ffmpeg', '--json'])).toBe('invalid');
  });

  it('knows the contract’s choices and variable, without loading its schema', () => {
    expect(FFMPEG_CHOICES.map(ffmpegVariantNamed)).toEqual([...FFMPEG_CHOICES]);
    expect(ffmpegVariantNamed('7.0')).toBeNull();
    expect(FFMPEG_VARIANT_ENV).toBe(FFMPEG_CHOICE_ENV);
  });
});
