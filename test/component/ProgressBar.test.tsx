import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProgressBar } from '../../renderer/src/components/banners/ProgressBar';

describe('ProgressBar', () => {
  it('shows how far a capture is, what runs, and cancels', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <ProgressBar
        progress={{ stage: 'capturing', message: 'Capturing frame 12 (13 of 96)', fraction: 0.125 }}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '13');
    expect(screen.getByTestId('progress-indicator')).toHaveTextContent('Capturing frame 12 (13 of 96)');
    await user.click(screen.getByTestId('progress-cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('runs back and forth when the work cannot say how far it is', () => {
    render(
      <ProgressBar progress={{ stage: 'opening', message: 'Opening clip.mp4', fraction: null }} onCancel={vi.fn()} />,
    );
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('progressbar')).toHaveClass('indeterminate');
  });
});
