/** What openCapture tells the renderer about a capture, for component and store tests. */
import type { CaptureSummary } from '../../contract/capture-summary';
import { gpuEnvironment } from './reports';

/** What openCapture returns about a capture of frames 0, 3 and 7 made on a GPU machine. */
export function captureSummary(overrides: Partial<CaptureSummary> = {}): CaptureSummary {
  return {
    path: '/captures/demo.zci',
    createdAt: '2026-11-30T10:00:00.000Z',
    app: { name: 'zerocopy-inspector', version: '0.1.0' },
    machine: { hostname: 'gpu-box', platform: 'linux', arch: 'x64' },
    source: { fileName: 'clip-1080p.mp4', size: 2048, sha256: 'ab'.repeat(32) },
    selection: 'visited',
    environment: gpuEnvironment(),
    frames: [0, 3, 7],
    framesWithOperators: [3],
    gpu: 'Test GPU, driver 12.4, CUDA runtime 12.4',
    devices: ['cuda:0 Test GPU · GPU-00000000-0000-0000-0000-000000000000 · 0000:01:00.0 · decoder, operators'],
    signature: {
      state: 'signed',
      fingerprint: '1a2b 3c4d 5e6f 7a8b 9c0d 1e2f 3a4b 5c6d 7e8f 9a0b 1c2d 3e4f 5a6b 7c8d 9e0f 1a2b',
      thisInstallation: true,
      detail: 'every entry is as signed (5 entries)',
      madeFrom: null,
    },
    ...overrides,
  };
}
