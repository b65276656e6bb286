import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HelpOverlay } from '../../renderer/src/components/help/HelpOverlay';
import { NavBar } from '../../renderer/src/components/nav/NavBar';
import { frameAt } from '../../renderer/src/components/nav/timeline-position';
import { paddedNv12Device, streamInfo } from '../support/reports';

function setup() {
  const handlers = { onStep: vi.fn(), onFrame: vi.fn(), onTime: vi.fn() };
  render(<NavBar info={streamInfo()} report={paddedNv12Device()} busy={false} {...handlers} />);
  return handlers;
}

describe('NavBar', () => {
  it("writes the bar's height to the page as --frame-bar-height, and takes it away when the bar goes", () => {
    const { unmount } = render(
      <NavBar
        info={streamInfo()}
        report={paddedNv12Device()}
        busy={false}
        onStep={vi.fn()}
        onFrame={vi.fn()}
        onTime={vi.fn()}
      />,
    );
    expect(document.documentElement.style.getPropertyValue('--frame-bar-height')).toMatch(/^\d+px$/);
    unmount();
    expect(document.documentElement.style.getPropertyValue('--frame-bar-height')).toBe('');
  });

  it('steps back and forward', async () => {
    const user = userEvent.setup();
    const handlers = setup();
    expect(screen.getByTestId('frame-indicator')).toHaveTextContent('frame 3 of 48');
    await user.click(screen.getByTestId('step-forward'));
    await user.click(screen.getByTestId('step-back'));
    expect(handlers.onStep.mock.calls).toEqual([[1], [-1]]);
  });

  it('jumps to a frame and to a time', async () => {
    const user = userEvent.setup();
    const handlers = setup();
    await user.type(screen.getByTestId('frame-input'), '30');
    await user.click(screen.getByTestId('go-frame'));
    await user.type(screen.getByTestId('time-input'), '1.5{Enter}');
    expect(handlers.onFrame).toHaveBeenCalledWith(30);
    expect(handlers.onTime).toHaveBeenCalledWith(1.5);
  });

  it('ignores jumps that are not numbers', async () => {
    const user = userEvent.setup();
    const handlers = setup();
    await user.type(screen.getByTestId('frame-input'), 'abc{Enter}');
    expect(handlers.onFrame).not.toHaveBeenCalled();
  });

  it('refuses an out-of-range frame or time inline, sending nothing, until the text changes', async () => {
    const user = userEvent.setup();
    const handlers = setup();
    const frame = screen.getByTestId('frame-input');
    await user.type(frame, '48{Enter}');
    expect(screen.getByTestId('frame-problem')).toHaveTextContent('last frame is 47');
    expect(frame).toHaveAttribute('aria-invalid', 'true');
    expect(frame).toHaveAccessibleDescription('last frame is 47');
    expect(handlers.onFrame).not.toHaveBeenCalled();
    await user.type(frame, '{Backspace}');
    expect(screen.queryByTestId('frame-problem')).toBeNull();
    await user.type(screen.getByTestId('time-input'), '99{Enter}');
    expect(screen.getByTestId('time-problem')).toHaveTextContent('the clip ends at');
    expect(handlers.onTime).not.toHaveBeenCalled();
  });

  it('selects what a field holds when it gets focus, so a new number replaces it', async () => {
    const user = userEvent.setup();
    const handlers = setup();
    const frame = screen.getByTestId<HTMLInputElement>('frame-input');
    await user.type(frame, '30{Enter}');
    await user.click(screen.getByTestId('step-forward'));
    await user.click(frame);
    expect([frame.selectionStart, frame.selectionEnd]).toEqual([0, 2]);
    await user.keyboard('12{Enter}');
    expect(handlers.onFrame.mock.calls).toEqual([[30], [12]]);
  });

  it('reads "frame 3 of 48": the index from 0, the count of frames', () => {
    setup();
    expect(screen.getByTestId('frame-label')).toHaveTextContent(/^frame 3 of 48$/);
  });

  it('marks key frames on the timeline and the current frame', () => {
    setup();
    const marks = screen.getAllByTestId('keyframe-mark');
    expect(marks.map((mark) => mark.getAttribute('data-frame'))).toEqual(['0', '12', '24', '36']);
    expect(screen.getByTestId('timeline-cursor')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('timeline'), { clientX: 0 });
    expect(frameAt(50, 100, 48)).toBe(24);
    expect(frameAt(500, 100, 48)).toBe(47);
  });
});

describe('HelpOverlay', () => {
  it('lists the shortcuts and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<HelpOverlay onClose={onClose} />);
    expect(screen.getByTestId('help-overlay')).toHaveTextContent('next frame');
    await user.click(screen.getByTestId('help-close'));
    expect(onClose).toHaveBeenCalled();
  });
});
