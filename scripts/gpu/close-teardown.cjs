// How long a session's close takes to give the device's memory back: each FILE opened three times, three frames
// shown, then closed, the device memory the driver accounts to this process read (nvidia-smi) before the close and
// again until it falls, or for 5 s. One JSON line per round on stdout. With ZCI_DECODER_POOL_MB=0 the decoder is
// destroyed at the close; with the pool on it is parked for a later open, and its memory stays.
//   node scripts/gpu/close-teardown.cjs FILE...   (from the bundle's folder, LD_LIBRARY_PATH and ZCI_NVCV_PATH set)
'use strict';
const path = require('node:path');
const cp = require('node:child_process');
const addon = require(path.join(__dirname, '..', '..', 'native', 'index.cjs'));

/** The device memory, in MiB, that the driver accounts to this process; 0 when it lists none. */
function deviceMiB() {
  const r = cp.spawnSync('nvidia-smi', ['--query-compute-apps=pid,used_memory', '--format=csv,noheader,nounits'], {
    encoding: 'utf8',
  });
  const line = r.stdout.split('\n').find((l) => l.split(',')[0].trim() === String(process.pid));
  return line ? Number(line.split(',')[1]) : 0;
}

async function main(files) {
  for (const file of files)
    for (let round = 1; round <= 3; round++) {
      const session = await addon.Session.open(file, {});
      for (let i = 0; i < 3; i++) await session.show({ index: i }, { proof: false });
      const held = deviceMiB();
      const t0 = performance.now();
      await session.close();
      const closeMs = performance.now() - t0;
      let after = deviceMiB();
      while (after >= held && performance.now() - t0 < 5000) after = deviceMiB();
      const line = {
        bench: 'close-teardown',
        decoderPoolMB: process.env.ZCI_DECODER_POOL_MB ?? null,
        file: path.basename(file),
        round,
        heldMiB: held,
        closeMs: Number(closeMs.toFixed(2)),
        afterMiB: after,
        releasedByMs: Number((performance.now() - t0).toFixed(1)),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
