/** Which matrix and range the CPU reference was made with, read from its method, set beside the "what if" choice. */
import type { ColorMatrix, ColorRange } from '../../../../contract/vocabulary';
import type { OperatorChoice } from '../../store/operators-slice';
import { MATRIX_LABELS } from './catalogue';

type Matrix = Exclude<ColorMatrix, 'auto'>;
type Range = Exclude<ColorRange, 'auto'>;

/** The matrix a reference method names (swscale's words: "BT.601", "BT.709", "BT.2020"), or null. */
function referenceMatrix(method: string): Matrix | null {
  const found = /BT\.(601|709|2020)\b/.exec(method);
  return found === null ? null : (`bt${found[1]}` as Matrix);
}

/** The range a reference method names, or null. */
function referenceRange(method: string): Range | null {
  if (method.includes('full range')) return 'full';
  if (method.includes('limited range')) return 'limited';
  return null;
}

/** The words beside the reference: which matrix it uses and, when the kernel's differs, why they differ. */
export interface ReferenceWords {
  /** The reference's matrix and range, e.g. "BT.709 limited range, the stream's own". */
  uses: string;
  /** What a forced matrix or range means for the distance below, or null when nothing is forced. */
  forced: string | null;
  /** True when the GPU picture and the reference were made with different matrices or ranges. */
  differ: boolean;
}

const RANGE_WORDS: Record<Range, string> = { limited: 'limited range', full: 'full range' };

/** Words for the reference of a preview under the user's "what if" choice. */
export function referenceWords(choice: Pick<OperatorChoice, 'matrix' | 'range'>, method: string): ReferenceWords {
  const matrix = referenceMatrix(method);
  const range = referenceRange(method);
  const askedFor = method.includes('the matrix asked for');
  const matrixName = matrix === null ? 'a matrix the result does not name' : MATRIX_LABELS[matrix];
  const whose = askedFor ? "the matrix asked for, not the stream's" : "the stream's own";
  const uses = `${matrixName}${range === null ? '' : ` ${RANGE_WORDS[range]}`}, ${whose}`;
  const reasons: string[] = [];
  let differ = false;
  if (choice.matrix !== 'auto') {
    const asked = MATRIX_LABELS[choice.matrix];
    if (matrix === choice.matrix) {
      reasons.push(`both pictures use ${asked}, so the distance below is the kernel's own error under that matrix`);
    } else {
      differ = true;
      reasons.push(
        `the GPU picture uses ${asked} (what if) but the CPU reference uses ${matrixName} (${whose}), ` +
          'so the distance below is what a wrong choice costs',
      );
    }
  }
  if (choice.range !== 'auto' && range !== choice.range) {
    differ = true;
    reasons.push(
      `the GPU picture takes the ${RANGE_WORDS[choice.range]} (what if) while the reference keeps ` +
        `${range === null ? "the stream's range" : `the stream's ${RANGE_WORDS[range]}`}`,
    );
  }
  const forced = reasons.length === 0 ? null : `${reasons.join('; ')}.`;
  return { uses, forced: forced === null ? null : forced.charAt(0).toUpperCase() + forced.slice(1), differ };
}
