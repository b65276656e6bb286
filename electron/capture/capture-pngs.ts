/** The PNGs a capture's manifest names, their shapes and what decoding them takes: shared by reading and writing. */
import { budgetWords, CAPTURE_BUDGETS, OPERATOR_PREVIEW_MAX, type CaptureManifest } from '../../contract/capture';
import { RpcFailure, rpcError } from '../../contract/envelope';
import { headerShape, PngFormatError, readPngHeader, type PngShape } from './png';

/** CAPTURE_INVALID with a message. */
export function invalid(message: string): RpcFailure {
  return new RpcFailure(rpcError('CAPTURE_INVALID', message));
}

/** Every PNG the manifest names, once each: thumbnails with their shape, operator previews without. */
export function namedPngs(manifest: CaptureManifest): { thumbnails: Map<string, PngShape>; operators: Set<string> } {
  const thumbnails = new Map<string, PngShape>();
  const operators = new Set<string>();
  for (const frame of manifest.frames) {
    for (const thumb of frame.thumbnails) {
      const shape: PngShape = { width: thumb.width, height: thumb.height, channels: 1 };
      const known = thumbnails.get(thumb.png);
      if (known !== undefined && (known.width !== shape.width || known.height !== shape.height))
        throw invalid(`${thumb.png} is named as ${known.width}×${known.height} and as ${shape.width}×${shape.height}.`);
      thumbnails.set(thumb.png, shape);
    }
    for (const op of frame.operators ?? []) operators.add(op.png);
  }
  for (const name of operators)
    if (thumbnails.has(name)) throw invalid(`${name} is named both as a thumbnail and as an operator preview.`);
  return { thumbnails, operators };
}

/** The shape of an operator preview's PNG from its header: 8-bit RGB within OPERATOR_PREVIEW_MAX. */
export function operatorShape(bytes: Uint8Array): PngShape {
  const shape = headerShape(readPngHeader(bytes));
  if (shape.channels !== 3) throw new PngFormatError('is not an RGB PNG');
  if (shape.width > OPERATOR_PREVIEW_MAX.width || shape.height > OPERATOR_PREVIEW_MAX.height)
    throw new PngFormatError(
      `declares ${shape.width}×${shape.height}, larger than any operator preview (${OPERATOR_PREVIEW_MAX.width}×${OPERATOR_PREVIEW_MAX.height})`,
    );
  return shape;
}

/** Bytes of a PNG's pixels once decoded. */
export function pixels(shape: PngShape): number {
  return shape.width * shape.height * shape.channels;
}

/** CAPTURE_INVALID for PNGs that decode past the budget. */
export function decodedBudgetBreach(label: string, bytes: number): RpcFailure {
  return invalid(
    `${label}: its PNGs decode to ${bytes} bytes, over the ${budgetWords(CAPTURE_BUDGETS.decodedBytes)} decoded-size budget.`,
  );
}
