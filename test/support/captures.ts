/** Hand-built captures for unit tests: reports from reports.ts, grey thumbnails, an operator preview. */
import type { SigningKey } from '../../electron/app/signing-key';
import type { CaptureContents } from '../../electron/capture/capture-file';
import { encodeCapture } from '../../electron/capture/capture-write';
import { encodePng } from '../../electron/capture/png';
import { streamInfoSchema } from '../../contract/report';
import { CAPTURE_FORMAT, CAPTURE_FORMAT_VERSION, type CapturedFrame } from '../../contract/capture';
import { gpuEnvironment, paddedNv12Device, streamInfo } from './reports';

/** A gradient of grey bytes, w×h. */
export function gradient(width: number, height: number, seed = 0): Uint8Array {
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i += 1) data[i] = (i * 7 + seed * 13 + Math.floor(i / width) * 3) & 0xff;
  return data;
}

/** A capture of the padded NV12 frames with the given indices; frame 3 (when present) carries operators. */
export function sampleCapture(frames: number[] = [0, 3, 7]): CaptureContents {
  const files = new Map<string, Uint8Array>();
  const captured: CapturedFrame[] = frames.map((index) => {
    const prefix = `frames/${String(index).padStart(6, '0')}`;
    const thumbnails = [
      { plane: 0, name: 'Y', width: 64, height: 36 },
      { plane: 1, name: 'UV', width: 32, height: 18 },
    ].map((thumb) => {
      const png = `${prefix}/plane-${thumb.plane}.png`;
      files.set(png, encodePng({ ...thumb, channels: 1, data: gradient(thumb.width, thumb.height, index) }));
      return { ...thumb, png };
    });
    const frame: CapturedFrame = {
      index,
      report: { ...paddedNv12Device(), frameIndex: index, timeSeconds: index / 24 },
      thumbnails,
    };
    if (index === 3) {
      const rgb = { width: 8, height: 4, channels: 3 as const, data: gradient(24, 4, 1) };
      files.set(`${prefix}/op-0-wrong-wrap.png`, encodePng(rgb));
      files.set(`${prefix}/op-1-right-wrap.png`, encodePng(rgb));
      frame.operators = [
        { name: 'wrong-wrap', params: { assumedChromaRow: 1080 }, png: `${prefix}/op-0-wrong-wrap.png` },
        { name: 'right-wrap', params: {}, png: `${prefix}/op-1-right-wrap.png`, gpuTimeMs: 0.12, psnr: 48.5 },
      ];
    }
    return frame;
  });
  return {
    manifest: {
      format: CAPTURE_FORMAT,
      formatVersion: CAPTURE_FORMAT_VERSION,
      createdAt: '2026-11-30T10:00:00.000Z',
      app: { name: 'zerocopy-inspector', version: '0.1.0' },
      machine: { hostname: 'gpu-box', platform: 'linux', arch: 'x64' },
      source: { fileName: 'clip-1080p.mp4', size: 123456, sha256: 'a'.repeat(64) },
      options: { decode: 'auto', device: 0, proof: true, thumbnailWidth: 64 },
      selection: 'list',
      stream: streamInfoSchema.parse(streamInfo({ path: 'clip-1080p.mp4' })),
      environment: gpuEnvironment(),
      frames: captured,
    },
    files,
  };
}

/** The zip bytes of sampleCapture(). */
export function sampleCaptureBytes(frames?: number[], key: SigningKey | null = null): Buffer {
  return Buffer.from(encodeCapture(sampleCapture(frames), key));
}
