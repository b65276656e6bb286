import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FrameReport } from '../../contract/report';
import { useHoverResetKey } from '../../renderer/src/components/common/use-hover-reset';
import { LayoutPanel } from '../../renderer/src/components/layout/LayoutPanel';
import { paddedNv12Device } from '../support/reports';

/** The layout drawing as the window holds it: keyed by the hook, inside the element that catches the pointer. */
function Slot({ report }: { report: FrameReport }) {
  const reset = useHoverResetKey(String(report.frameIndex));
  return (
    <div data-testid="slot" onPointerEnter={reset.onPointerEnter} onPointerLeave={reset.onPointerLeave}>
      <LayoutPanel key={reset.key} report={report} />
    </div>
  );
}

const frame = (index: number): FrameReport => ({ ...paddedNv12Device(), frameIndex: index });

describe('the layout hover readout on a frame step', () => {
  it('is cleared when the frame changes under the pointer', () => {
    const { rerender } = render(<Slot report={frame(3)} />);
    const placeholder = screen.getByTestId('layout-tooltip').textContent;
    fireEvent.pointerOver(screen.getByTestId('layout-block-visible-0'));
    fireEvent.mouseEnter(screen.getByTestId('layout-block-visible-0'));
    expect(screen.getByTestId('layout-tooltip').textContent).not.toBe(placeholder);
    rerender(<Slot report={frame(4)} />);
    expect(screen.getByTestId('layout-tooltip').textContent).toBe(placeholder);
  });

  it('leaves the drawing in place, updated rather than rebuilt, when the pointer is elsewhere', () => {
    const { rerender } = render(<Slot report={frame(3)} />);
    const drawing = screen.getByTestId('layout-svg');
    rerender(<Slot report={frame(4)} />);
    expect(screen.getByTestId('layout-svg')).toBe(drawing);
    fireEvent.pointerOver(screen.getByTestId('layout-block-visible-0'));
    fireEvent.pointerOut(screen.getByTestId('slot'), { relatedTarget: document.body });
    rerender(<Slot report={frame(5)} />);
    expect(screen.getByTestId('layout-svg')).toBe(drawing);
  });

  it('is cleared on a step when keyboard focus set it, with the pointer elsewhere', () => {
    const { rerender } = render(<LayoutPanel report={frame(3)} />);
    const placeholder = screen.getByTestId('layout-tooltip').textContent;
    fireEvent.focus(screen.getByTestId('layout-block-visible-0'));
    expect(screen.getByTestId('layout-tooltip').textContent).not.toBe(placeholder);
    rerender(<LayoutPanel report={frame(4)} />);
    expect(screen.getByTestId('layout-tooltip').textContent).toBe(placeholder);
  });
});
