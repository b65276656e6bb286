/**
 * Operator previews for captures: the addon's preview() run on the frame just decoded, each picture stored
 * as a PNG with its figures. What cannot run here (no GPU, no CV-CUDA, an operator the frame does not take)
 * is left out; the CPU reference is there on any machine.
 */
import type { PreviewOptions, PreviewResult, RgbImage, Session } from '../addon/native';
import { RIGHT_WRAP_OPERATOR, WRONG_WRAP_OPERATOR } from '../common/capture';
import { PREVIEW_DEFAULTS } from '../common/preview';
import { PREVIEW_OPS, type PreviewOp } from '../common/vocabulary';
import type { Ledger } from '../common/ledger';
import type { CaptureSource, OperatorPreviewFile, OperatorPreviews } from './collect';
import { encodePng } from './png';

/** A session that can make operator previews (the addon's Session; not a replayed capture). */
type PreviewCapable = Pick<Session, 'preview'>;

/** True when a session offers preview(). */
export function canPreview(session: object): session is PreviewCapable {
  return typeof (session as Partial<PreviewCapable>).preview === 'function';
}

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

/** Runs every captured preview on the current frame; previews that fail are skipped. */
export async function capturePreviews(session: PreviewCapable, maxWidth: number): Promise<OperatorPreviews> {
  const files: OperatorPreviewFile[] = [];
  const ledgers: Ledger[] = [];
  for (const request of CAPTURED_PREVIEWS) {
    let result: PreviewResult;
    try {
      result = await session.preview({ ...request, maxWidth });
    } catch {
      continue;
    }
    if (result.ledger !== undefined) ledgers.push(result.ledger);
    const { op, ...params } = request;
    if (op === 'reference') {
      if (result.reference !== null)
        files.push({
          entry: { name: 'reference', params: { method: result.referenceMethod }, ...figures(result) },
          png: png(result.reference),
        });
      continue;
    }
    if (result.thumbnail === null) continue;
    files.push({ entry: { name: op, params, ...figures(result) }, png: png(result.thumbnail) });
    if (op === 'convert' && result.wrongWrap !== null) {
      const reason = { reason: result.wrongWrapReason };
      files.push({ entry: { name: WRONG_WRAP_OPERATOR, params: reason }, png: png(result.wrongWrap) });
      files.push({ entry: { name: RIGHT_WRAP_OPERATOR, params: {}, ...figures(result) }, png: png(result.thumbnail) });
    }
  }
  return { files, ledgers };
}

/** The session as a capture source that also stores operator previews when it can make them. */
export function withPreviews(session: CaptureSource, maxWidth: number): CaptureSource {
  if (!canPreview(session) || session.operatorPreviews !== undefined) return session;
  return {
    info: session.info,
    frame: (index, options) => session.frame(index, options),
    thumbnails: (width) => session.thumbnails(width),
    operatorPreviews: () => capturePreviews(session, maxWidth),
    ...(session.readMemory !== undefined ? { readMemory: session.readMemory.bind(session) } : {}),
  };
}
