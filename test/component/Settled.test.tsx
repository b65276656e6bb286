import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettled } from '../../renderer/src/components/common/use-settled';

/** Shows the hook's value. */
function Probe({ on }: { on: boolean }) {
  return <span data-testid="settled">{String(useSettled(on, 150))}</span>;
}

describe('useSettled (the stale dimming of slow frames)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns on only after the delay, and off at once', () => {
    const { rerender, getByTestId } = render(<Probe on />);
    act(() => vi.advanceTimersByTime(149));
    expect(getByTestId('settled').textContent).toBe('false');
    act(() => vi.advanceTimersByTime(1));
    expect(getByTestId('settled').textContent).toBe('true');
    rerender(<Probe on={false} />);
    expect(getByTestId('settled').textContent).toBe('false');
    rerender(<Probe on />);
    expect(getByTestId('settled').textContent).toBe('false');
  });
});
