import { describe, expect, it } from 'vitest';
import { captureDeviceLines } from '../../contract/capture-summary';
import type { CaptureManifest } from '../../contract/capture';
import type { FrameReport, Placement } from '../../contract/report';
import { frameReportSchema } from '../../contract/report';
import { parseCli, UsageError } from '../../electron/cli/cli-args';
import { copyCode } from '../../wording/copy-code';
import { placementWords } from '../../wording/placement';
import { gpuEnvironment, paddedNv12Device, streamInfo } from '../support/reports';

/** A padded NV12 frame on cuda:0 with the given placement. */
function placed(placement: Placement): FrameReport {
  return { ...paddedNv12Device(), placement };
}

const ONE: Placement = {
  decoderDevice: 0,
  planeDevices: [0, 0],
  nvcvDevice: 0,
  operatorDevice: 0,
  peer: null,
  verdict: 'one-device',
  reason: 'every plane, the decoder, NVCV and the operators are on cuda:0',
};
const COPY: Placement = {
  ...ONE,
  operatorDevice: 1,
  peer: { supported: true, enabled: false },
  verdict: 'cross-device-copy',
  reason: 'the operators read a copy on cuda:1',
};
const PEER: Placement = { ...COPY, peer: { supported: true, enabled: true }, verdict: 'cross-device-peer' };

const crossDeviceCode = (report: FrameReport) => copyCode(report).snippets.find((s) => s.ecosystem === 'cross-device');

describe('placement in the report', () => {
  it('is part of the schema, and reports made before it still parse', () => {
    expect(frameReportSchema.parse(placed(COPY)).placement).toEqual(COPY);
    expect(frameReportSchema.parse(paddedNv12Device()).placement).toBeUndefined();
    expect(frameReportSchema.safeParse(placed({ ...ONE, verdict: 'sideways' as Placement['verdict'] })).success).toBe(
      false,
    );
    expect(frameReportSchema.safeParse(placed({ ...ONE, planeDevices: [-1] })).success).toBe(false);
  });

  it('names every device in one line, and the verdict with its tone', () => {
    expect(placementWords(ONE)).toEqual({
      headline: 'ONE DEVICE',
      tone: 'ok',
      devices: 'planes cuda:0, cuda:0 · decoder cuda:0 · NVCV cuda:0 · operators cuda:0',
    });
    expect(placementWords(COPY).devices).toBe(
      'planes cuda:0, cuda:0 · decoder cuda:0 · NVCV cuda:0 · operators cuda:1 · peer access supported, off',
    );
    expect(placementWords(COPY).headline).toBe('CROSS-DEVICE: OPERATORS READ A COPY');
    expect(placementWords(PEER).headline).toBe('CROSS-DEVICE: PEER READS');
    const host: Placement = {
      decoderDevice: null,
      planeDevices: [null, null, null],
      nvcvDevice: null,
      operatorDevice: null,
      peer: null,
      verdict: 'host-memory',
      reason: 'software',
    };
    expect(placementWords(host)).toEqual({
      headline: 'HOST MEMORY: NO DEVICE',
      tone: 'unknown',
      devices: 'planes host, host, host · decoder software (CPU) · NVCV — · operators CPU reference',
    });
  });
});

describe('copy as code across devices', () => {
  it('prints nothing on one device, and says why', () => {
    const snippet = crossDeviceCode(placed(ONE));
    expect(snippet?.code).toBeNull();
    expect(snippet?.note).toContain('on one device');
    expect(crossDeviceCode(paddedNv12Device())?.code).toBeNull();
  });

  it('without peer access: one copy of the frame onto the operator device, after the decode, planes at their offsets', () => {
    const code = crossDeviceCode(placed(COPY))?.code ?? '';
    expect(code).toContain('cudaMemcpyPeerAsync(copy, 1, first, 0, *bytes, operator_stream)');
    expect(code).toContain('cudaStreamWaitEvent(operator_stream, decoded, 0)');
    expect(code).toContain('planes[i] = copy + (frame->data[i] - first)');
    // The last plane's rows the copy holds: its own and the coded rows below it (1080p NV12: 540 + 4).
    expect(code).toContain('frame->data[1] + (size_t)frame->linesize[1] * 544');
    expect(code).not.toContain('cudaDeviceEnablePeerAccess');
  });

  it('with peer access: enable it once, where the devices can, and wait for the decode; no copy', () => {
    const code = crossDeviceCode(placed(PEER))?.code ?? '';
    expect(code).toContain('cudaDeviceCanAccessPeer(&can, 1, 0)');
    expect(code).toContain('cudaDeviceEnablePeerAccess(0, 0)');
    expect(code).toContain('cudaStreamWaitEvent(operator_stream, decoded, 0)');
    expect(code).not.toContain('cudaMemcpyPeerAsync');
  });
});

describe('the command line picks the operator device apart from the decoder', () => {
  it('reads --operator-device and --peer-access', () => {
    expect(parseCli(['inspect', 'a.mp4', '--device', '0', '--operator-device', '1', '--peer-access'])).toEqual(
      expect.objectContaining({ device: 0, operatorDevice: 1, peerAccess: true }),
    );
    expect(parseCli(['capture', 'a.mp4', '-o', 'a.zci'])).toEqual(
      expect.objectContaining({ operatorDevice: null, peerAccess: false }),
    );
  });

  it('refuses peer access without another device, and a device out of range', () => {
    expect(() => parseCli(['inspect', 'a.mp4', '--peer-access'])).toThrow(
      '--peer-access needs --operator-device: on one device nothing crosses',
    );
    expect(() => parseCli(['inspect', 'a.mp4', '--operator-device', '64'])).toThrow(UsageError);
  });
});

describe('a capture names every device of its machine and what each did', () => {
  const twoDevices = () => {
    const environment = gpuEnvironment();
    const first = environment.cuda.devices[0];
    if (first === undefined) throw new Error('the support environment has a device');
    environment.cuda.devices = [
      { ...first, ordinal: 0, uuid: 'GPU-11111111-2222-3333-4444-555555555555', pciBusId: '0000:19:00.0' },
      { ...first, ordinal: 1, uuid: 'GPU-66666666-7777-8888-9999-000000000000', pciBusId: '0000:3b:00.0' },
    ];
    environment.cuda.deviceCount = 2;
    return environment;
  };
  const manifest = (operatorDevice?: number): Pick<CaptureManifest, 'environment' | 'options' | 'stream'> => ({
    environment: twoDevices(),
    options: {
      decode: 'nvdec',
      device: 0,
      proof: true,
      thumbnailWidth: 240,
      ...(operatorDevice !== undefined ? { operatorDevice } : {}),
    },
    stream: streamInfo({ device: 0 }),
  });

  it('decoder and operators on one device', () => {
    const lines = captureDeviceLines(manifest());
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^cuda:0 .* · GPU-11111111-2222-3333-4444-555555555555 · 0000:19:00\.0 · decoder, operators$/,
    );
    expect(lines[1]).toMatch(/^cuda:1 .* · GPU-66666666-7777-8888-9999-000000000000 · 0000:3b:00\.0$/);
  });

  it('operators on the other device', () => {
    const lines = captureDeviceLines(manifest(1));
    expect(lines[0]).toMatch(/ · decoder$/);
    expect(lines[1]).toMatch(/ · operators$/);
  });

  it('says so where an older capture recorded no UUID, and lists nothing without an environment', () => {
    const older = manifest();
    if (older.environment === null) throw new Error('made with one');
    older.environment.cuda.devices = older.environment.cuda.devices.map(({ uuid: _uuid, ...rest }) => rest);
    expect(captureDeviceLines(older)[0]).toContain('UUID not recorded');
    expect(captureDeviceLines({ ...older, environment: null })).toEqual([]);
  });
});
