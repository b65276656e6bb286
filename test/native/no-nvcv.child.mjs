// Run by no-nvcv.test.mjs in a bare environment: prints the environment and one frame report as JSON.
import { addon, fixture } from './helpers.mjs';

const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
const { report } = await s.show({ index: 2 });
s.close();
process.stdout.write(JSON.stringify({ environment: addon.environment(), info: s.info, report }));
