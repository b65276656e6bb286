/** The catalogue: pick an operator, set its parameters, and force a matrix or range to see a wrong one. */
import { useState } from 'react';
import { COLOR_MATRICES, COLOR_RANGES } from '../../../../contract/vocabulary';
import type { OperatorChoice } from '../../store/operators-slice';
import { CATALOGUE, FLIP_CODES, KERNEL_SIZES, MATRIX_LABELS, RANGE_LABELS, type CatalogueEntry } from './catalogue';

/** Props of OperatorPicker. */
export interface OperatorPickerProps {
  choice: OperatorChoice;
  onChoose(patch: Partial<OperatorChoice>): void;
}

interface NumberFieldProps {
  value: number;
  min: number;
  max: number;
  step: number;
  testId: string;
  label: string;
  valid(value: number): boolean;
  onCommit(value: number): void;
}

// Keeps what is typed until it is a valid number, so "0." on the way to "0.5" is not thrown away.
function NumberField({ value, min, max, step, testId, label, valid, onCommit }: NumberFieldProps) {
  const [text, setText] = useState(String(value));
  const parsed = Number(text);
  const ok = text.trim() !== '' && Number.isFinite(parsed) && valid(parsed);
  return (
    <input
      type="number"
      value={text}
      min={min}
      max={max}
      step={step}
      data-testid={testId}
      aria-label={label}
      aria-invalid={!ok}
      onChange={(event) => {
        setText(event.target.value);
        const next = Number(event.target.value);
        if (event.target.value.trim() !== '' && Number.isFinite(next) && valid(next) && next !== value) onCommit(next);
      }}
    />
  );
}

function Parameters({ entry, choice, onChoose }: { entry: CatalogueEntry } & OperatorPickerProps) {
  const pick = (patch: Partial<OperatorChoice>) => onChoose({ op: entry.op, ...patch });
  if (entry.op === 'gaussian') {
    return (
      <div className="op-params">
        <label>
          kernel
          <select
            value={choice.kernelSize}
            data-testid="operator-kernel-size"
            onChange={(event) => pick({ kernelSize: Number(event.target.value) })}
          >
            {KERNEL_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}×{size}
              </option>
            ))}
          </select>
        </label>
        <label>
          σ
          <NumberField
            value={choice.sigma}
            min={0.1}
            max={20}
            step={0.1}
            testId="operator-sigma"
            label="Gaussian sigma"
            valid={(v) => v > 0 && v <= 20}
            onCommit={(sigma) => pick({ sigma })}
          />
        </label>
      </div>
    );
  }
  if (entry.op === 'flip') {
    return (
      <div className="op-params">
        <label>
          code
          <select
            value={choice.flipCode}
            data-testid="operator-flip-code"
            onChange={(event) => pick({ flipCode: Number(event.target.value) as -1 | 0 | 1 })}
          >
            {FLIP_CODES.map(({ code, label }) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
    );
  }
  if (entry.op === 'threshold') {
    return (
      <div className="op-params">
        <label>
          value
          <NumberField
            value={choice.threshold}
            min={0}
            max={255}
            step={1}
            testId="operator-threshold"
            label="Threshold value"
            valid={(v) => v >= 0 && v <= 255}
            onCommit={(threshold) => pick({ threshold })}
          />
        </label>
      </div>
    );
  }
  return null;
}

/** The picker. */
export function OperatorPicker({ choice, onChoose }: OperatorPickerProps) {
  return (
    <div className="op-picker">
      <div className="op-catalogue" role="radiogroup" aria-label="Operator" data-testid="operator-catalogue">
        {CATALOGUE.map((entry) => (
          <div key={entry.op} className={`op-entry${choice.op === entry.op ? ' chosen' : ''}`}>
            <button
              type="button"
              role="radio"
              aria-checked={choice.op === entry.op}
              data-testid={`operator-option-${entry.op}`}
              title={entry.what}
              onClick={() => onChoose({ op: entry.op })}
            >
              {entry.label}
            </button>
            <Parameters entry={entry} choice={choice} onChoose={onChoose} />
          </div>
        ))}
      </div>
      <div className="op-whatif" data-testid="operator-whatif">
        <span className="muted">what if the matrix / range were</span>
        <select
          value={choice.matrix}
          data-testid="operator-matrix"
          aria-label="Colour matrix"
          onChange={(event) => onChoose({ matrix: event.target.value as OperatorChoice['matrix'] })}
        >
          {COLOR_MATRICES.map((matrix) => (
            <option key={matrix} value={matrix}>
              {MATRIX_LABELS[matrix]}
            </option>
          ))}
        </select>
        <select
          value={choice.range}
          data-testid="operator-range"
          aria-label="Colour range"
          onChange={(event) => onChoose({ range: event.target.value as OperatorChoice['range'] })}
        >
          {COLOR_RANGES.map((range) => (
            <option key={range} value={range}>
              {RANGE_LABELS[range]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
