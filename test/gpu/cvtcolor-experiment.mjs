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
// Every matrix and range of the inspector's kernel, beside CV-CUDA's operator, in one call on frame 13.
const kernels = ['bt601', 'bt709', 'bt2020'].flatMap((matrix) => ['limited', 'full'].map((range) => ({ matrix, range })));
const { previews } = await s.show(
  { index: 13 },
  { previews: [{ op: 'cvtcolor', reference: true }, ...kernels.map((k) => ({ op: 'convert', ...k, reference: false }))] },
);
const failed = previews.find((p) => p.error);
if (failed) throw new Error(`${failed.error.code}: ${failed.error.message}`);
const [cv, ...converted] = previews.map((p) => p.result);
const rows = [{ against: 'swscale reference (stream: BT.709 limited)', ...psnr(cv.thumbnail, cv.reference) }];
kernels.forEach(({ matrix, range }, i) => {
  rows.push({ against: `inspector kernel ${matrix} ${range}`, ...psnr(cv.thumbnail, converted[i].thumbnail) });
});
s.close();
process.stdout.write(JSON.stringify({ converter: cv.converter, rows }, null, 1));
