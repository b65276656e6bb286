// Opens a fixture in a fresh process with one context mode and init order; prints the context section as JSON.
import { addon, fixture } from '../native/helpers.mjs';

const [context, initOrder] = process.argv.slice(2);
try {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'), { context, initOrder });
  const { report: r } = await s.show({ index: 1 });
  s.close();
  process.stdout.write(JSON.stringify({ ok: true, context: r.context, aliasing: r.aliasing, path: s.info.decodePath }));
} catch (e) {
  process.stdout.write(JSON.stringify({ ok: false, code: e.code, message: e.message }));
}
