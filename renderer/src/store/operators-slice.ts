/** Operator previews: the operator the user chose, its result on the frame on screen, or why it cannot run. */
import { toRpcError, type RpcError } from '../../../contract/envelope';
import { PREVIEW_DEFAULTS, PREVIEW_WIDTH, type PreviewParams } from '../../../contract/preview';
import type { PreviewResult } from '../../../contract/show';
import type { FrameReport } from '../../../contract/report';
import type { ColorMatrix, ColorRange, PreviewOp } from '../../../contract/vocabulary';
import type { SliceCreator } from './types';

/** An operator the user can pick (the CPU reference is always shown beside it, so it is not one). */
export type GpuOperator = Exclude<PreviewOp, 'reference'>;

/** The chosen operator with every parameter the panel offers, and the "what if" matrix and range. */
export interface OperatorChoice {
  op: GpuOperator;
  kernelSize: number;
  sigma: number;
  flipCode: -1 | 0 | 1;
  threshold: number;
  matrix: ColorMatrix;
  range: ColorRange;
}

/** What the panel starts with: the conversion, at the stream's own matrix and range. */
export const DEFAULT_OPERATOR: OperatorChoice = {
  op: 'convert',
  kernelSize: PREVIEW_DEFAULTS.kernelSize,
  sigma: PREVIEW_DEFAULTS.sigma,
  flipCode: PREVIEW_DEFAULTS.flipCode,
  threshold: PREVIEW_DEFAULTS.threshold,
  matrix: 'auto',
  range: 'auto',
};

/** Operator state with its actions. */
export interface OperatorsSlice {
  operator: OperatorChoice;
  /** The last result: the chosen operator's, or the CPU reference alone when the operator could not run. */
  preview: PreviewResult | null;
  /** The report the preview was made for; the panel shows a preview only for the report on screen. */
  previewFor: FrameReport | null;
  /** Why the chosen operator did not run (no GPU, no CV-CUDA, a frame it cannot take), or null. */
  previewError: RpcError | null;
  previewRunning: boolean;
  /** Changes the operator or its parameters and re-runs it on the current frame. */
  chooseOperator(patch: Partial<OperatorChoice>): Promise<void>;
  /** Runs the chosen operator again on the frame on screen (named by its index); falls back to the CPU reference
   * when it cannot run. A frame step brings its preview back with the frame itself. */
  runPreview(): Promise<void>;
}

/** The preview request for a choice: only the parameters its operator reads, plus the matrix and range. */
export function previewParams(choice: OperatorChoice): PreviewParams {
  const params: PreviewParams = { op: choice.op, maxWidth: PREVIEW_WIDTH, reference: true };
  if (choice.op === 'gaussian') Object.assign(params, { kernelSize: choice.kernelSize, sigma: choice.sigma });
  if (choice.op === 'flip') params.flipCode = choice.flipCode;
  if (choice.op === 'threshold') params.threshold = choice.threshold;
  if (choice.matrix !== 'auto') params.matrix = choice.matrix;
  if (choice.range !== 'auto') params.range = choice.range;
  return params;
}

/** Creates the operators slice; a newer run makes an older one's result stale. */
export const createOperatorsSlice: SliceCreator<OperatorsSlice> = (set, get, client) => {
  let sequence = 0;
  return {
    operator: DEFAULT_OPERATOR,
    preview: null,
    previewFor: null,
    previewError: null,
    previewRunning: false,
    chooseOperator: (patch) => {
      set((state) => ({ operator: { ...state.operator, ...patch } }));
      return get().runPreview();
    },
    runPreview: async () => {
      const report = get().report;
      const mine = ++sequence;
      // A replayed capture shows the previews it was saved with; operators need the video itself.
      if (report === null || get().capture !== null) {
        set({ preview: null, previewFor: null, previewError: null, previewRunning: false });
        return;
      }
      const index = report.frameIndex;
      set({ previewRunning: true });
      try {
        // The frame held last is not decoded again; an operator that cannot run brings the CPU reference back with
        // its own error beside it.
        const answer = await client.call('show', {
          target: { index },
          options: { proof: false, previews: [previewParams(get().operator)], fallbackToReference: true },
        });
        const outcome = answer.previews[0];
        if (mine === sequence)
          set({
            preview: outcome?.result ?? null,
            previewFor: report,
            previewError: outcome?.error ?? null,
            previewRunning: false,
          });
      } catch (error) {
        if (mine !== sequence) return;
        const previewError = toRpcError(error);
        // A step asked for since brings the chosen operator's preview with its frame.
        if (previewError.code === 'SUPERSEDED') set({ previewRunning: false });
        else set({ preview: null, previewFor: report, previewError, previewRunning: false });
      }
    },
  };
};
