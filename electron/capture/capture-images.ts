/**
 * The pictures of an open capture. A capture opened through the worker (capture-open.ts) comes with its thumbnails
 * decoded there and its operator previews checked, so nothing is decoded on the backend's JS thread; otherwise
 * (a capture read in this thread) they are decoded when first asked for and kept: each distinct PNG once, however many
 * thumbnails name it. Operator previews are decoded once to check them (their pixels are not kept: the wire
 * carries the PNG). Every decode is charged against the capture's decoded-size budget, which the open already
 * showed to be enough for all of them; a charge past it is refused.
 */
import { budgetWords, CAPTURE_BUDGETS } from '../../contract/capture';
import { RpcFailure, rpcError } from '../../contract/envelope';
import { decodePng, PngFormatError, type PngShape } from './png';

/** Decodes a capture's PNGs lazily, each once. */
export class CaptureImages {
  private readonly pixels = new Map<string, Uint8Array>();
  private readonly checked = new Set<string>();
  private charged = 0;
  private predecoded = 0;

  constructor(
    private readonly files: ReadonlyMap<string, Uint8Array>,
    private readonly shapes: ReadonlyMap<string, PngShape>,
    private readonly budget: number = CAPTURE_BUDGETS.decodedBytes,
    /** Pixels decoded where the capture was read (the open worker), which also checked every operator preview. */
    decoded?: ReadonlyMap<string, Uint8Array>,
    /** PNGs that failed to decode there, with why. */
    private readonly failed: ReadonlyMap<string, string> = new Map(),
  ) {
    if (decoded === undefined) return;
    for (const [name, data] of decoded) {
      this.pixels.set(name, data);
      this.predecoded += data.byteLength;
    }
    for (const name of shapes.keys()) if (!this.failed.has(name)) this.checked.add(name);
  }

  /** Bytes decoded so far (here or where the capture was read). */
  get decodedBytes(): number {
    return this.charged + this.predecoded;
  }

  /** The PNG bytes of an entry, as stored. */
  bytes(name: string): Uint8Array {
    const bytes = this.files.get(name);
    if (bytes === undefined) throw new RpcFailure(rpcError('CAPTURE_INVALID', `${name} is missing from the capture.`));
    return bytes;
  }

  /** The pixels of a grey thumbnail, decoded on first use. */
  grey(name: string): { width: number; height: number; data: Uint8Array } {
    const shape = this.shape(name);
    let data = this.pixels.get(name);
    if (data === undefined) {
      data = this.decode(name, shape);
      this.pixels.set(name, data);
    }
    return { width: shape.width, height: shape.height, data };
  }

  /** The PNG bytes of an operator preview, decoded once (on first use) to check that they are what they say. */
  checkedPng(name: string): Uint8Array {
    if (!this.checked.has(name)) {
      this.decode(name, this.shape(name));
      this.checked.add(name);
    }
    return this.bytes(name);
  }

  /** Forgets the decoded pixels. */
  clear(): void {
    this.pixels.clear();
  }

  private shape(name: string): PngShape {
    const shape = this.shapes.get(name);
    if (shape === undefined)
      throw new RpcFailure(rpcError('CAPTURE_INVALID', `${name} is not a picture of this capture.`));
    return shape;
  }

  private decode(name: string, shape: PngShape): Uint8Array {
    const failed = this.failed.get(name);
    if (failed !== undefined) throw new RpcFailure(rpcError('CAPTURE_INVALID', `${name} ${failed}.`));
    const size = shape.width * shape.height * shape.channels;
    if (this.charged + size > this.budget)
      throw new RpcFailure(
        rpcError(
          'CAPTURE_INVALID',
          `Decoding ${name} would take the capture past its ${budgetWords(this.budget)} decoded-size budget.`,
        ),
      );
    this.charged += size;
    try {
      return decodePng(this.bytes(name), shape).data;
    } catch (error) {
      if (error instanceof PngFormatError)
        throw new RpcFailure(rpcError('CAPTURE_INVALID', `${name} ${error.message}.`));
      throw error;
    }
  }
}
