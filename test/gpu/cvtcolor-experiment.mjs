// Which conversion does CV-CUDA's AdvCvtColor perform? Its thumbnail against the inspector's kernel under every
// matrix and range, on one NVDEC frame; written as JSON for the evidence.
import { addon, fixture } from '../native/helpers.mjs';

function psnr(a, b) {
  let sq = 0;
  let sum = 0;
  for (let i = 0; i < a.rgb.length; i++) {
    sq += (a.rgb[i] - b.rgb[i]) ** 2;
    sum += Math.abs(a.rgb[i] - b.rgb[i]);
  }
  const mse = sq / a.rgb.length;
  return { psnr: mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse), meanAbs: sum / a.rgb.length };
}

const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
await s.frame(13);
const cv = await s.preview({ op: 'cvtcolor', reference: true });
const rows = [{ against: 'swscale reference (stream: BT.709 limited)', ...psnr(cv.thumbnail, cv.reference) }];
for (const matrix of ['bt601', 'bt709', 'bt2020']) {
  for (const range of ['limited', 'full']) {
    const k = await s.preview({ op: 'convert', matrix, range, reference: false });
    rows.push({ against: `inspector kernel ${matrix} ${range}`, ...psnr(cv.thumbnail, k.thumbnail) });
  }
}
s.close();
process.stdout.write(JSON.stringify({ converter: cv.converter, rows }, null, 1));
