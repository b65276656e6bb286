/**
 * Operator previews for captures: every operator asked of the addon in the frame's one show() call, each picture
 * stored as a PNG with its figures. What cannot run here (no GPU, no CV-CUDA, an operator the frame does not take)
 * is left out; the CPU reference is there on any machine.
 */
import type { PreviewOptions, PreviewOutcome, PreviewResult, RgbImage } from '../addon/native';
import { RIGHT_WRAP_OPERATOR, WRONG_WRAP_OPERATOR } from '../../contract/capture';
import { PREVIEW_DEFAULTS } from '../../contract/preview';
import { PREVIEW_OPS, type PreviewOp } from '../../contract/vocabulary';
import type { CaptureSource, OperatorPreviewFile } from './collect';
import { encodePng } from './png';

/** The parameters an operator is captured with, where it has any (the rest run with the addon's defaults). */
const CAPTURE_PARAMS: Partial<Record<PreviewOp, Omit<PreviewOptions, 'op'>>> = {
  gaussian: { kernelSize: PREVIEW_DEFAULTS.kernelSize, sigma: PREVIEW_DEFAULTS.sigma },
  flip: { flipCode: PREVIEW_DEFAULTS.flipCode },
  threshold: { threshold: PREVIEW_DEFAULTS.threshold },
};

/** The previews a capture stores per frame: every operator (the conversion first, with the wrong-wrap picture), then the CPU reference. */
const CAPTURED_PREVIEWS: readonly PreviewOptions[] = [
  ...PREVIEW_OPS.filter((op) => op !== 'reference'),
  'reference' as const,
].map((op) => ({ op, ...CAPTURE_PARAMS[op] }));

function png(image: RgbImage): Uint8Array {
  return encodePng({ width: image.width, height: image.height, channels: 3, data: image.rgb });
}

/** The stored fields of one preview result. */
function figures(result: PreviewResult) {
  return {
    gpuTimeMs: result.gpu ? result.timings.totalMs : null,
    psnr: result.psnr,
    maxAbsError: result.maxAbsError,
    gpu: result.gpu,
    converter: result.converter,
    bytesDownloaded: result.bytesDownloaded,
    frameBytes: result.frameBytes,
  };
}

/** The stored pictures of a frame's previews, from the outcomes of its show() call (requests without their width,
 * as the manifest states them); previews that failed are left out. */
export function previewFiles(
  requests: readonly PreviewOptions[],
  outcomes: readonly PreviewOutcome[],
): OperatorPreviewFile[] {
  const files: OperatorPreviewFile[] = [];
  requests.forEach((request, i) => {
    const result = outcomes[i]?.result ?? null;
    if (result === null || outcomes[i]?.error != null) return;
    const { op, ...params } = request;
    if (op === 'reference') {
      if (result.reference !== null)
        files.push({
          entry: { name: 'reference', params: { method: result.referenceMethod }, ...figures(result) },
          png: png(result.reference),
        });
      return;
    }
    if (result.thumbnail === null) return;
    files.push({ entry: { name: op, params, ...figures(result) }, png: png(result.thumbnail) });
    if (op === 'convert' && result.wrongWrap !== null) {
      const reason = { reason: result.wrongWrapReason };
      files.push({ entry: { name: WRONG_WRAP_OPERATOR, params: reason }, png: png(result.wrongWrap) });
      files.push({ entry: { name: RIGHT_WRAP_OPERATOR, params: {}, ...figures(result) }, png: png(result.thumbnail) });
    }
  });
  return files;
}

/** The session as a capture source that also asks for every captured operator preview in each frame's call; a
 * source that holds stored previews (a capture being re-saved) keeps those instead. */
export function withPreviews(session: CaptureSource, maxWidth: number): CaptureSource {
  if (session.operatorPreviews !== undefined) return session;
  return {
    info: session.info,
    show: (target, options) => session.show(target, options),
    previews: { requests: CAPTURED_PREVIEWS, maxWidth },
    ...(session.readMemory !== undefined ? { readMemory: session.readMemory.bind(session) } : {}),
  };
}
