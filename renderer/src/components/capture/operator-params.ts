/**
 * A captured operator's parameters as a readable list: known parameters by their names in the operators panel,
 * any other as "name: value", never as JSON (a capture's params are an open, bounded object).
 */
import type { JsonValue } from '../../../../contract/bounded-json';
import { FLIP_CODES, MATRIX_LABELS, RANGE_LABELS } from '../operators/catalogue';

/** One parameter: its name and its value, in words. */
export interface ParamLine {
  name: string;
  value: string;
}

/** Words for a value of any shape: numbers and words as they are, lists joined, objects as name: value pairs. */
function valueWords(value: JsonValue): string {
  if (value === null) return 'none';
  if (Array.isArray(value)) return value.map(valueWords).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) => `${nameWords(key)} ${valueWords(inner)}`)
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** "kernelSize" → "kernel size", "flip_code" → "flip code". */
function nameWords(key: string): string {
  return key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

const label = <T extends string>(labels: Record<T, string>, value: JsonValue): string =>
  typeof value === 'string' && value in labels ? labels[value as T] : valueWords(value);

/** The parameters the operators panel names itself, with its words for them. */
const KNOWN: Record<string, (value: JsonValue) => ParamLine> = {
  kernelSize: (v) => ({ name: 'kernel', value: typeof v === 'number' ? `${v}×${v}` : valueWords(v) }),
  sigma: (v) => ({ name: 'σ', value: valueWords(v) }),
  flipCode: (v) => ({ name: 'code', value: FLIP_CODES.find((f) => f.code === v)?.label ?? valueWords(v) }),
  threshold: (v) => ({ name: 'threshold', value: valueWords(v) }),
  matrix: (v) => ({ name: 'matrix', value: label(MATRIX_LABELS, v) }),
  range: (v) => ({ name: 'range', value: label(RANGE_LABELS, v) }),
  method: (v) => ({ name: 'method', value: valueWords(v) }),
  reason: (v) => ({ name: 'why', value: valueWords(v) }),
};

/** The parameters, in the order the capture holds them. */
export function operatorParams(params: Record<string, JsonValue>): ParamLine[] {
  return Object.entries(params).map(([key, value]) => {
    const known = KNOWN[key];
    return known !== undefined ? known(value) : { name: nameWords(key), value: valueWords(value) };
  });
}
