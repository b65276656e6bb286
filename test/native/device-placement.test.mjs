// Which device holds what, on any machine: the report's placement section and the operator device option. Without a
// GPU the frame is in host memory and no device may be asked for operators; on a GPU the tier's own test
// (test/gpu/device-placement.test.mjs) checks the devices against the driver and nvidia-smi.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, fixture } from './helpers.mjs';

const file = fixture('h264-odd-642x362.mp4');

test('the environment lists every ordered pair of devices with the driver\'s peer answer, and a UUID a device', () => {
  const { cuda } = addon.environment();
  assert.ok(Array.isArray(cuda.peers));
  const n = cuda.devices.length;
  assert.equal(cuda.peers.length, n * Math.max(0, n - 1));
  for (const d of cuda.devices) assert.match(d.uuid, /^GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
});

test('a software frame lies in host memory: its placement names no device, and says why', async () => {
  const s = await addon.Session.open(file, { decode: 'software' });
  try {
    const { report } = await s.show({ index: 1 }, { proof: false });
    assert.deepEqual(
      { ...report.placement, reason: undefined },
      {
        decoderDevice: null,
        planeDevices: report.planes.map(() => null),
        nvcvDevice: null,
        operatorDevice: null,
        peer: null,
        verdict: 'host-memory',
        reason: undefined,
      },
    );
    assert.match(report.placement.reason, /software, into host memory/);
  } finally {
    s.close();
  }
});

test('operators asked on a device the driver does not list: NO_CUDA_DEVICE, naming the count, with a remedy', async () => {
  const count = addon.environment().cuda.deviceCount;
  let error = null;
  try {
    const s = await addon.Session.open(file, { decode: 'software', operatorDevice: count });
    s.close();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof addon.InspectorError, String(error));
  assert.equal(error.code, 'NO_CUDA_DEVICE');
  assert.match(error.message, new RegExp(`Operators were asked on device ${count}, and the driver lists ${count} device`));
  assert.ok(error.remedy.length > 20, error.remedy);
});

test('the operator device and peer access are checked like every open option', async () => {
  for (const [options, what] of [
    [{ operatorDevice: 64 }, 'operatorDevice'],
    [{ operatorDevice: -1 }, 'operatorDevice'],
    [{ operatorDevice: 1.5 }, 'operatorDevice'],
    [{ peerAccess: 'yes' }, 'peerAccess'],
  ]) {
    let error = null;
    try {
      (await addon.Session.open(file, options)).close();
    } catch (e) {
      error = e;
    }
    assert.equal(error?.code, 'INVALID_ARGUMENT', `${JSON.stringify(options)}: ${error}`);
    assert.ok(error.message.includes(what), error.message);
  }
});
