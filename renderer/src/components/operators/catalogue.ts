/** The operators the panel offers, with what each one does, and the labels of their parameters. */
import { PREVIEW_OPS, type ColorMatrix, type ColorRange, type PreviewOp } from '../../../../contract/vocabulary';
import type { GpuOperator } from '../../store/operators-slice';

/** One entry of the catalogue. */
export interface CatalogueEntry {
  op: GpuOperator;
  label: string;
  what: string;
}

/** What each operator is called and does; every operator of PREVIEW_OPS has its words here. */
const OPERATOR_WORDS: Record<PreviewOp, { label: string; what: string }> = {
  reference: { label: 'CPU reference', what: "FFmpeg's swscale on the CPU, with the same matrix and range" },
  convert: {
    label: 'Convert',
    what: "YUV → RGB by the inspector's kernel (the frame's format, matrix and range), then CV-CUDA Resize",
  },
  cvtcolor: { label: 'AdvCvtColor', what: "CV-CUDA's own NV12 → RGB (8-bit limited-range NV12 only)" },
  gaussian: { label: 'Gaussian blur', what: 'CV-CUDA Gaussian on the converted picture' },
  flip: { label: 'Flip', what: 'CV-CUDA Flip on the converted picture' },
  threshold: { label: 'Threshold', what: 'CV-CUDA Threshold per channel, binary to 255' },
};

/** Every operator the user can pick, in the order of PREVIEW_OPS (the CPU reference is always shown beside it). */
export const CATALOGUE: readonly CatalogueEntry[] = PREVIEW_OPS.filter(
  (op): op is GpuOperator => op !== 'reference',
).map((op) => ({ op, ...OPERATOR_WORDS[op] }));

/** The label of an operator, for captions. */
export function operatorLabel(op: PreviewOp): string {
  return OPERATOR_WORDS[op].label;
}

/** Gaussian kernel sizes the addon takes: odd, 3..31. */
export const KERNEL_SIZES: readonly number[] = Array.from({ length: 15 }, (_, i) => 3 + 2 * i);

/** CV-CUDA's flip codes with what they do. */
export const FLIP_CODES: readonly { code: -1 | 0 | 1; label: string }[] = [
  { code: 1, label: 'horizontal (1)' },
  { code: 0, label: 'vertical (0)' },
  { code: -1, label: 'both (-1)' },
];

/** The "what if" matrices, 'auto' first. */
export const MATRIX_LABELS: Record<ColorMatrix, string> = {
  auto: "auto (the stream's)",
  bt601: 'BT.601',
  bt709: 'BT.709',
  bt2020: 'BT.2020',
};

/** The "what if" ranges, 'auto' first. */
export const RANGE_LABELS: Record<ColorRange, string> = {
  auto: "auto (the stream's)",
  limited: 'limited (16–235)',
  full: 'full (0–255)',
};
