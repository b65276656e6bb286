import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { OperatorsPanel } from '../../renderer/src/components/operators/OperatorsPanel';
import { referenceWords } from '../../renderer/src/components/operators/reference-words';
import { DEFAULT_OPERATOR, type OperatorChoice } from '../../renderer/src/store/operators-slice';
import type { PreviewResult } from '../../contract/show';
import { gpuConvertPreview, referenceOnlyPreview, wrongMatrixPreview } from '../support/previews';

// jsdom has no 2D canvas; the panel then draws nothing.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

function panel(choice: Partial<OperatorChoice>, preview: PreviewResult): void {
  render(
    <OperatorsPanel
      choice={{ ...DEFAULT_OPERATOR, ...choice }}
      preview={preview}
      previewFrame={3}
      error={null}
      running={false}
      onChoose={vi.fn()}
    />,
  );
}

describe('the CPU reference says which matrix it uses beside a "what if" choice', () => {
  it('names the stream’s own matrix beside the reference when nothing is forced', () => {
    panel({}, gpuConvertPreview());
    expect(screen.getByTestId('reference-matrix')).toHaveTextContent("uses BT.709 limited range, the stream's own");
    expect(screen.getByTestId('reference-matrix')).toHaveAttribute('data-differ', 'false');
    expect(screen.queryByTestId('operator-forced-note')).toBeNull();
  });

  it('says plainly that a BT.601 "what if" is set against a BT.709 reference, and why they differ', () => {
    panel({ matrix: 'bt601' }, wrongMatrixPreview());
    expect(screen.getByTestId('reference-matrix')).toHaveTextContent('uses BT.709');
    expect(screen.getByTestId('reference-matrix')).toHaveAttribute('data-differ', 'true');
    const note = screen.getByTestId('operator-forced-note');
    expect(note).toHaveTextContent(
      "The GPU picture uses BT.601 (what if) but the CPU reference uses BT.709 (the stream's own), so the distance below is what a wrong choice costs.",
    );
  });

  it('says both pictures use the asked-for matrix when the reference follows it', () => {
    const followed = gpuConvertPreview({
      referenceMethod:
        "swscale nv12 -> rgb24, area scaling, BT.601 limited range (the matrix asked for, not the stream's)",
    });
    panel({ matrix: 'bt601' }, followed);
    expect(screen.getByTestId('reference-matrix')).toHaveTextContent(
      "uses BT.601 limited range, the matrix asked for, not the stream's",
    );
    expect(screen.getByTestId('reference-matrix')).toHaveAttribute('data-differ', 'false');
    expect(screen.getByTestId('operator-forced-note')).toHaveTextContent(
      "Both pictures use BT.601, so the distance below is the kernel's own error under that matrix.",
    );
  });

  it('says the reference keeps the stream’s range when the range is forced', () => {
    panel({ range: 'full' }, gpuConvertPreview());
    expect(screen.getByTestId('operator-forced-note')).toHaveTextContent(
      "The GPU picture takes the full range (what if) while the reference keeps the stream's limited range.",
    );
  });

  it('names the reference’s matrix on a machine without a GPU too', () => {
    panel({ matrix: 'bt2020' }, referenceOnlyPreview());
    expect(screen.getByTestId('reference-matrix')).toHaveTextContent('uses BT.709 limited range');
  });
});

describe('referenceWords', () => {
  it('does not guess a matrix the method does not name', () => {
    const words = referenceWords({ matrix: 'bt601', range: 'auto' }, 'swscale nv12 -> rgb24');
    expect(words.uses).toBe("a matrix the result does not name, the stream's own");
    expect(words.differ).toBe(true);
  });
});
