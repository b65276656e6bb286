/** Which command lines start the CUDA context before the command's modules load. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wantsCudaContext } from '../../electron/cli/gpu-lifecycle';

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
