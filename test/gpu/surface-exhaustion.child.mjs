// Holds NVDEC frames in a fresh process (ZCI_PLANT_POOL from the parent decides whether the decoder reserves surfaces
// for them) and prints, as JSON, what each step did: its pool figures, or its error's code, message and remedy; then
// whether the same session and a new one still decode.
import { addon, fixture } from '../native/helpers.mjs';

const [name, unsafe, holdText] = process.argv.slice(2);
const unsafeOutput = unsafe === '1';
const holdFrames = Number(holdText);
const failure = (e) => ({ ok: false, code: e.code ?? 'NOT_AN_ADDON_ERROR', message: String(e.message), remedy: e.remedy ?? null });

const out = { file: name, unsafeOutput, holdFrames, steps: [] };
const s = await addon.Session.open(fixture(name), { decode: 'nvdec', unsafeOutput, holdFrames });
out.nvdecOutput = s.info.nvdecOutput;
out.frameCount = s.info.frameCount;
for (let i = 0; i < Math.min(s.info.frameCount, 3 * holdFrames); i += 1) {
  const started = performance.now();
  try {
    const { report: r } = await s.show({ index: i }, { proof: false });
    out.steps.push({ index: i, ok: true, poolSize: r.pool.poolSize, extraReserved: r.pool.extraReserved, framesHeld: r.pool.framesHeld, ms: performance.now() - started });
  } catch (e) {
    out.steps.push({ index: i, ...failure(e), ms: performance.now() - started });
    break;
  }
}
// After a failure: the same session asked for its first frame again (a seek), then a fresh session.
if (out.steps.some((st) => !st.ok)) {
  try {
    const { report: r } = await s.show({ index: 0 }, { proof: false });
    out.sameSessionAfter = { ok: true, framesHeld: r.pool.framesHeld };
  } catch (e) {
    out.sameSessionAfter = failure(e);
  }
}
s.close();
try {
  const fresh = await addon.Session.open(fixture(name), { decode: 'nvdec', unsafeOutput });
  await fresh.show({ index: 1 });
  fresh.close();
  out.freshSession = { ok: true };
} catch (e) {
  out.freshSession = failure(e);
}
process.stdout.write(JSON.stringify(out));
