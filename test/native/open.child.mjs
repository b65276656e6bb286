// Opens one file in its own process and prints what happened, how long it took and the process's peak memory.
// Usage: node open.child.mjs FILE [OPTIONS_JSON]; without a file it does nothing (the test runner may load it).
import { addon } from './helpers.mjs';

const [file, options = '{}'] = process.argv.slice(2);
if (file) {
  const t0 = performance.now();
  let result;
  try {
    const s = await addon.Session.open(file, JSON.parse(options));
    result = { opened: true, frameCount: s.info.frameCount };
    s.close();
  } catch (e) {
    result = { opened: false, code: e.code, message: e.message };
  }
  const ms = Math.round(performance.now() - t0);
  console.log(JSON.stringify({ ...result, ms, rssMB: Math.round(process.resourceUsage().maxRSS / 1024) }));
}
