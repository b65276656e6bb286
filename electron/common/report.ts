/**
 * The frame report and stream info that the native core produces, as plain JSON.
 * 64-bit addresses and sizes that may exceed 2^53 travel as hex strings ("0x7f…"), never numbers.
 */

/** A 64-bit value as a lower-case hex string with a 0x prefix. */
export type Hex64 = string;

/** How frames reach the inspector. */
export type DecodePath = 'nvdec' | 'software' | 'software-upload';

/** Memory that a plane lives in, as the CUDA driver (or our own knowledge for host frames) says. */
export type MemoryKind = 'device' | 'host' | 'host-pinned' | 'managed' | 'unknown';

/** A yes/no verdict with the reason when it is no (or when it could not be checked). */
export interface Verdict {
  ok: boolean;
  reason: string;
}

/** Facts about the opened file and its video stream. */
export interface StreamInfo {
  path: string;
  container: string;
  codec: string;
  profile: string;
  bitDepth: number;
  pixelFormat: string;
  width: number;
  height: number;
  codedWidth: number;
  codedHeight: number;
  frameRate: number;
  durationSeconds: number;
  frameCount: number;
  frameCountExact: boolean;
  keyFrames: number[];
  decodePath: DecodePath;
  decodePathReason: string;
  device: number;
  /** Problems that did not stop the file from opening (for example TRUNCATED_FILE). */
  warnings: { code: string; message: string }[];
}

/** One plane as FFmpeg hands it out, beside what NVCV exports for it. */
export interface PlaneReport {
  index: number;
  name: string;
  width: number;
  height: number;
  bytesPerPixel: number;
  visibleBytesPerRow: number;
  pitch: number;
  rightPadding: number;
  ffmpegPointer: Hex64;
  offsetFromPlane0: number;
  offsetInAllocation: number | null;
  /** Rows of this plane's pitch from its start to the next plane, when the next plane follows in the same allocation. */
  rowsBeforeNextPlane: number | null;
  /** Rows below the picture: up to the next plane, or to the end of the allocation for the last plane in it. */
  hiddenRowsAfter: number | null;
  nvcvPointer: Hex64 | null;
  nvcvRowStride: number | null;
  match: boolean | null;
}

/** The allocation that holds the planes, from the driver's pointer attributes. */
export interface AllocationReport {
  source: 'cuda-driver' | 'host';
  memory: MemoryKind;
  device: number | null;
  context: Hex64 | null;
  rangeStart: Hex64 | null;
  rangeSize: number | null;
  bufferId: string | null;
  planesInOneAllocation: boolean;
  error: string | null;
}

/** What NVCV made of the frame. */
export interface WrapReport {
  available: boolean;
  reason: string;
  formatName: string | null;
  formatCode: Hex64 | null;
  bufferType: 'STRIDED_CUDA' | 'STRIDED_HOST' | null;
  numPlanes: number | null;
  handleLive: boolean;
  /** Host memory wrapped through a STRIDED_CUDA descriptor because NVCV refuses STRIDED_HOST: layout evidence only. */
  descriptorOnly: boolean;
  /** NVCV's own message when it refused to wrap host memory as STRIDED_HOST. */
  hostRefusal: string | null;
  tensor: TensorVerdict;
}

/** Whether the frame can also be one NVCV tensor (CV-CUDA's samples' NV12 as 1.5×H). */
export interface TensorVerdict {
  attempted: boolean;
  valid: boolean;
  reason: string;
  shape: number[] | null;
  layout: string | null;
  assumedChromaRow: number | null;
  actualChromaRow: number | null;
}

/** Canary written through NVCV's pointer and read back through FFmpeg's. */
export interface AliasingProof {
  ran: boolean;
  passed: boolean;
  method: 'device-kernel' | 'host-store' | 'none';
  canary: string;
  readBack: string;
  restored: boolean;
  reason: string;
}

/** The CUDA contexts in play. */
export interface ContextReport {
  ffmpegContext: Hex64 | null;
  runtimeContext: Hex64 | null;
  allocationContext: Hex64 | null;
  oneContext: boolean | null;
  strategy: string;
  ffmpegStream: Hex64 | null;
  inspectorStream: Hex64 | null;
}

/** Surface pool accounting. */
export interface PoolReport {
  poolSize: number | null;
  extraReserved: number;
  framesHeld: number;
  addressSeenBefore: boolean;
  distinctAddresses: number;
}

/** Wall-clock timings of each stage in microseconds. */
export interface Timings {
  decodeUs: number;
  wrapUs: number;
  exportUs: number;
  evidenceUs: number;
}

/** The evidence for one decoded frame. */
export interface FrameReport {
  frameIndex: number;
  pts: number;
  timeSeconds: number;
  keyFrame: boolean;
  pictureType: string;
  decodePath: DecodePath;
  format: {
    swFormat: string;
    hwFormat: string | null;
    bitDepth: number;
    chromaSubsampling: string;
    colorRange: string;
    colorMatrix: string;
    width: number;
    height: number;
    codedWidth: number;
    codedHeight: number;
  };
  planes: PlaneReport[];
  allocation: AllocationReport;
  wrap: WrapReport;
  aliasing: AliasingProof;
  context: ContextReport;
  pool: PoolReport;
  timings: Timings;
}
