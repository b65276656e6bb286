// Which device holds what, on NVDEC frames: every plane's device as the driver answers it, the decoder's, NVCV's and
// the operators', checked against the driver's allocation and nvidia-smi; the operator device apart from the decoder.
// The cross-device cases (frame on one device, operators on another, peer access off and on, and swapped) need two
// devices: on a machine of one they skip, saying how many the driver lists.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

import { addon, fixture, hasGpu } from '../native/helpers.mjs';

const environment = addon.environment();
// The operators' device is shown by running one: CV-CUDA's convert. Without CV-CUDA the test says so and skips.
const needsOperators = !hasGpu ? true : environment.cvcuda.loaded ? false : `CV-CUDA is not loaded: ${environment.cvcuda.error ?? 'not found'}`;
const count = environment.cuda.deviceCount;
const twoDevices = count >= 2 ? false : `needs two CUDA devices: the driver lists ${count}`;
const FIXTURES = ['h264-1080p-420.mp4', 'hevc-main10-1280x720.mp4', 'h264-odd-642x362.mp4', 'hevc-444-640x360.mp4'];

/** nvidia-smi's own list: index, UUID, PCI bus id (its domain is eight hex digits, ours four). */
function smiDevices() {
  const out = execFileSync('nvidia-smi', ['--query-gpu=index,uuid,pci.bus_id', '--format=csv,noheader'], {
    encoding: 'utf8',
  });
  return out
    .trim()
    .split('\n')
    .map((line) => line.split(',').map((v) => v.trim()))
    .map(([index, uuid, bus]) => ({ ordinal: Number(index), uuid, bus: bus.toLowerCase().replace(/^0000(?=[0-9a-f]{4}:)/, '') }));
}

test("every device's UUID and PCI bus are nvidia-smi's", { skip: !hasGpu }, () => {
  const smi = smiDevices();
  assert.equal(environment.cuda.devices.length, smi.length);
  for (const d of environment.cuda.devices) {
    const seen = smi.find((s) => s.ordinal === d.ordinal);
    assert.ok(seen, `nvidia-smi lists no device ${d.ordinal}`);
    assert.equal(d.uuid, seen.uuid);
    assert.equal(d.pciBusId.toLowerCase(), seen.bus);
  }
});

for (const file of FIXTURES) {
  test(`${file}: one device holds every plane, and runs the decoder, NVCV's image and the operators`, { skip: needsOperators }, async () => {
    const s = await addon.Session.open(fixture(file), { decode: 'nvdec', operatorDevice: 0 });
    try {
      const { report, previews } = await s.show({ index: 2 }, { proof: false, previews: [{ op: 'convert' }] });
      assert.equal(previews[0].error, null, previews[0].error?.message);
      assert.deepEqual(
        { ...report.placement, reason: undefined },
        {
          decoderDevice: 0,
          planeDevices: report.planes.map(() => 0),
          nvcvDevice: 0,
          operatorDevice: 0,
          peer: null,
          verdict: 'one-device',
          reason: undefined,
        },
      );
      // The planes' device is the driver's answer for the allocation too.
      assert.equal(report.allocation.device, 0);
      assert.match(report.placement.reason, /on cuda:0: nothing crosses devices/);
    } finally {
      s.close();
    }
  });
}

test('operators asked on a device past the last: NO_CUDA_DEVICE before any frame is shown', { skip: !hasGpu }, async () => {
  await assert.rejects(addon.Session.open(fixture('h264-1080p-420.mp4'), { decode: 'nvdec', operatorDevice: count }), (e) => {
    assert.equal(e.code, 'NO_CUDA_DEVICE');
    assert.match(e.message, new RegExp(`asked on device ${count}, and the driver lists ${count} device`));
    return true;
  });
});

/** The preview-stage copies of one show() answer's ledger, in bytes. */
function previewCopies(ledger) {
  return ledger.records.filter((r) => r.stage === 'preview' && r.kind !== 'memset' && r.kind !== 'dtoh');
}

/** The same frame's convert preview on the decoder's device, for the pictures' comparison. */
async function sameDevicePreview(file, device) {
  const s = await addon.Session.open(fixture(file), { decode: 'nvdec', device });
  try {
    const { previews } = await s.show({ index: 2 }, { proof: false, previews: [{ op: 'convert', maxWidth: 256 }] });
    return previews[0].result.thumbnail;
  } finally {
    s.close();
  }
}

function identical(a, b) {
  return a.width === b.width && a.height === b.height && Buffer.compare(Buffer.from(a.rgb), Buffer.from(b.rgb)) === 0;
}

for (const [decoder, operators] of [
  [0, 1],
  [1, 0],
]) {
  for (const peerAccess of [false, true]) {
    for (const file of FIXTURES) {
      const name = `${file}: decoder on cuda:${decoder}, operators on cuda:${operators}, peer access ${peerAccess ? 'on' : 'off'}`;
      test(name, { skip: twoDevices }, async () => {
        const supported = environment.cuda.peers.find((p) => p.from === operators && p.to === decoder)?.supported;
        const options = { decode: 'nvdec', device: decoder, operatorDevice: operators, peerAccess, ledger: true };
        if (peerAccess && !supported) {
          await assert.rejects(addon.Session.open(fixture(file), options), { code: 'PEER_ACCESS_UNSUPPORTED' });
          return;
        }
        const s = await addon.Session.open(fixture(file), options);
        let answer;
        try {
          answer = await s.show({ index: 2 }, { proof: false, previews: [{ op: 'convert', maxWidth: 256 }] });
        } finally {
          s.close();
        }
        const { report, previews, ledger } = answer;
        assert.equal(previews[0].error, null, previews[0].error?.message);
        assert.equal(report.placement.verdict, peerAccess ? 'cross-device-peer' : 'cross-device-copy');
        assert.deepEqual(report.placement.planeDevices, report.planes.map(() => decoder));
        assert.equal(report.placement.operatorDevice, operators);
        assert.deepEqual(report.placement.peer, { supported: Boolean(supported), enabled: peerAccess });
        const frameBytes = report.planes.reduce((n, p) => n + p.pitch * p.height, 0);
        const copied = previewCopies(ledger).reduce((n, r) => n + r.bytes, 0);
        if (peerAccess) assert.ok(copied < frameBytes, `peer reads copy nothing frame-sized: ${copied} B`);
        else assert.ok(copied >= frameBytes, `the copy onto cuda:${operators} is in the ledger: ${copied} of ${frameBytes} B`);
        assert.ok(identical(previews[0].result.thumbnail, await sameDevicePreview(file, decoder)), 'the same picture');
      });
    }
  }
}
