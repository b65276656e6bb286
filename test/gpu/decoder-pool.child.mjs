// The decoder-pool test's reference: the fingerprints of every file from this process (run with the pool off), and
// the pool's state, as JSON.
import { addon, fixture } from '../native/helpers.mjs';
import { FILES, fingerprints } from './decoder-pool.fingerprint.mjs';

const files = {};
for (const file of FILES) files[file] = await fingerprints(fixture(file));
process.stdout.write(JSON.stringify({ pool: addon.environment().decoderPool, files }));
