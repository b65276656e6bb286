/** Hand-built operator previews for unit and component tests, shaped like the addon's results on real frames. */
import type { PreviewResult, RgbImage } from '../../contract/show';

/** A solid RGB picture as it crosses the wire. */
export function solidRgb(width: number, height: number, rgb: [number, number, number]): RgbImage {
  const bytes = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i += 1) bytes.set(rgb, i * 3);
  return { width, height, rgb: bytes };
}

/** The convert preview of a padded 1080p NV12 frame: GPU thumbnail, reference, and the wrong-wrap picture. */
export function gpuConvertPreview(overrides: Partial<PreviewResult> = {}): PreviewResult {
  return {
    op: 'convert',
    gpu: true,
    gpuReason: '',
    converter: "the inspector's kernel: nv12, BT.709 limited range",
    thumbnail: solidRgb(16, 9, [120, 130, 140]),
    timings: { convertMs: 0.256, opMs: 0.915, resizeMs: 27.683, downloadMs: 0.109, totalMs: 28.963 },
    bytesDownloaded: 110592,
    frameBytes: 3110400,
    reference: solidRgb(16, 9, [121, 130, 139]),
    referenceMethod: 'swscale nv12 -> rgb24, area scaling, BT.709 limited range',
    psnr: 44.67,
    maxAbsError: 28,
    meanAbsError: 0.26,
    wrongWrap: solidRgb(16, 9, [40, 200, 60]),
    wrongWrapReason:
      'a [1,1620,1920,1] tensor assumes chroma at row 1080; it starts at row 1088, so 8 padding rows are read as chroma and every chroma row is shifted',
    ...overrides,
  };
}

/** The same frame with the kernel forced to BT.601: far from the BT.709 reference. */
export function wrongMatrixPreview(): PreviewResult {
  return gpuConvertPreview({
    converter: "the inspector's kernel: nv12, BT.601 limited range",
    psnr: 24.56,
    maxAbsError: 40,
    meanAbsError: 8.32,
  });
}

/** A Gaussian preview: no reference comparison, no wrong-wrap picture. */
export function gaussianPreview(): PreviewResult {
  return gpuConvertPreview({
    op: 'gaussian',
    psnr: null,
    maxAbsError: null,
    meanAbsError: null,
    wrongWrap: null,
    wrongWrapReason: 'shown with the convert preview',
  });
}

/** The CPU reference alone, as a machine without a GPU makes it. */
export function referenceOnlyPreview(seed = 90): PreviewResult {
  return {
    op: 'reference',
    gpu: false,
    gpuReason: 'the CPU reference only was asked for',
    converter: '',
    thumbnail: null,
    timings: { convertMs: 0, opMs: 0, resizeMs: 0, downloadMs: 0, totalMs: 0 },
    bytesDownloaded: 0,
    frameBytes: 3110400,
    reference: solidRgb(16, 9, [seed, seed + 10, seed + 20]),
    referenceMethod: 'swscale yuv420p -> rgb24, area scaling, BT.709 limited range',
    psnr: null,
    maxAbsError: null,
    meanAbsError: null,
    wrongWrap: null,
    wrongWrapReason: '',
  };
}
