import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DecoderPoolStatus } from '../../contract/environment';
import { DecoderPanel } from '../../renderer/src/components/decoder/DecoderPanel';
import {
  backendEnvironment,
  bareEnvironment,
  gpuEnvironment,
  mismatchFrame,
  noNvcvFrame,
  paddedNv12Device,
  streamInfo,
} from '../support/reports';

describe('DecoderPanel', () => {
  it('lists every device with its UUID, its PCI bus and the devices it may read through peer access', () => {
    const report = gpuEnvironment();
    const first = report.cuda.devices[0];
    if (first === undefined) throw new Error('the support environment has a device');
    report.cuda.devices = [0, 1].map((ordinal) => ({
      ...first,
      ordinal,
      uuid: `GPU-${String(ordinal).repeat(8)}-0000-0000-0000-000000000000`,
    }));
    report.cuda.peers = [
      { from: 0, to: 1, supported: true },
      { from: 1, to: 0, supported: false },
    ];
    render(<DecoderPanel environment={backendEnvironment(report)} info={streamInfo()} report={paddedNv12Device()} />);
    expect(screen.getByTestId('device-0')).toHaveTextContent(
      'Test GPU · GPU-00000000-0000-0000-0000-000000000000 · 0000:01:00.0 · peer access to cuda:1',
    );
    expect(screen.getByTestId('device-1')).toHaveTextContent('peer access to cuda:0 (not supported)');
  });

  it('shows NVDEC, one shared context, the pool and the versions', () => {
    render(<DecoderPanel environment={backendEnvironment()} info={streamInfo()} report={paddedNv12Device()} />);
    expect(screen.getByTestId('decode-path')).toHaveTextContent('NVDEC (GPU)');
    expect(screen.getByTestId('decode-reason')).toHaveTextContent('NVDEC supports h264');
    expect(screen.getByTestId('context-count')).toHaveTextContent('one (shared)');
    expect(screen.getByTestId('pool-size')).toHaveTextContent('8 surfaces (+2 reserved)');
    expect(screen.getByTestId('frames-held')).toHaveTextContent('1');
    expect(screen.getByTestId('version-ffmpeg')).toHaveTextContent('avcodec 59.37.100');
    expect(screen.getByTestId('version-cuda')).toHaveTextContent('driver 12.4 · 1 device(s) · Test GPU');
    // An environment recorded before UUIDs were says so rather than leaving a blank.
    expect(screen.getByTestId('device-0')).toHaveTextContent('Test GPU · UUID not recorded · 0000:01:00.0');
    expect(screen.getByTestId('version-nvcv')).toHaveTextContent('0.19.0 from /opt/nvcv/libnvcv_types.so.0');
    expect(screen.getByTestId('backend-pid')).toHaveTextContent('1234');
    expect(screen.queryByTestId('missing-gpu')).toBeNull();
    expect(screen.queryByTestId('missing-nvcv')).toBeNull();
  });

  it('shows two contexts when FFmpeg made its own', () => {
    render(<DecoderPanel environment={backendEnvironment()} info={streamInfo()} report={mismatchFrame()} />);
    expect(screen.getByTestId('context-count')).toHaveTextContent('two');
  });

  it('gives clear no-GPU and no-NVCV states with remedies', () => {
    const info = streamInfo({ decodePath: 'software', decodePathReason: 'no CUDA device' });
    render(<DecoderPanel environment={backendEnvironment(bareEnvironment())} info={info} report={noNvcvFrame()} />);
    expect(screen.getByTestId('decode-path')).toHaveTextContent('software (CPU)');
    expect(screen.getByTestId('missing-gpu')).toHaveTextContent('No CUDA device');
    expect(screen.getByTestId('missing-gpu')).toHaveTextContent('CUDA_VISIBLE_DEVICES');
    expect(screen.getByTestId('missing-nvcv')).toHaveTextContent('NVCV not found');
    expect(screen.getByTestId('missing-nvcv')).toHaveTextContent('pip install cvcuda');
    expect(screen.getByTestId('pool-size')).toHaveTextContent('n/a');
  });

  it("says whether FFmpeg's NVDEC decoders come from the pool, and why not", () => {
    const pool: DecoderPoolStatus = {
      active: true,
      path: '/opt/zci/libzci_nvdec_pool.so',
      error: null,
      budgetBytes: 1024 * 1024 * 1024,
      created: 2,
      reused: 5,
      live: 1,
      parked: 1,
      parkedBytes: 81_000_000,
      evicted: 0,
      capsQueries: 7,
      capsCached: 5,
    };
    // The panel on a GPU machine whose report carries this pool section (or none).
    const panel = (decoderPool?: DecoderPoolStatus) => (
      <DecoderPanel environment={backendEnvironment({ ...gpuEnvironment(), decoderPool })} info={null} report={null} />
    );
    const { rerender } = render(panel(pool));
    expect(screen.getByTestId('decoder-pool')).toHaveTextContent(
      'kept warm across files and seeks (up to 1.00 GiB parked)',
    );
    rerender(panel({ ...pool, active: false, error: 'turned off (ZCI_DECODER_POOL_MB=0)', created: 0, reused: 0 }));
    expect(screen.getByTestId('decoder-pool')).toHaveTextContent(
      'FFmpeg creates each decoder: turned off (ZCI_DECODER_POOL_MB=0)',
    );
    rerender(panel());
    expect(screen.getByTestId('decoder-pool')).toHaveTextContent('not reported');
  });

  it('says the addon is missing and how to build it', () => {
    render(<DecoderPanel environment={backendEnvironment(null)} info={null} report={null} />);
    expect(screen.getByTestId('missing-addon')).toHaveTextContent('npm run build:native');
    expect(screen.queryByTestId('versions')).toBeNull();
  });
});
