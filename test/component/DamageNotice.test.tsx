import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DamageNotice } from '../../renderer/src/components/banners/DamageNotice';
import { noNvcvFrame } from '../support/reports';

describe('DamageNotice', () => {
  it('marks a concealed frame with its flags and the decoder messages', () => {
    const report = {
      ...noNvcvFrame(),
      frameIndex: 10,
      damage: {
        concealed: true,
        flags: ['concealment-active' as const],
        messages: ['error while decoding MB 39 16, bytestream 736'],
      },
    };
    render(<DamageNotice report={report} />);
    expect(screen.getByTestId('frame-damage')).toHaveTextContent(/Frame 10: FFmpeg's decoder met damaged data/);
    expect(screen.getByTestId('frame-damage-flags')).toHaveTextContent('concealment-active');
    expect(screen.getByTestId('frame-damage-messages')).toHaveTextContent('error while decoding MB 39 16');
  });

  it('says nothing for a clean frame, or for a capture made before damage was recorded', () => {
    const clean = { ...noNvcvFrame(), damage: { concealed: false, flags: [], messages: [] } };
    const { container, rerender } = render(<DamageNotice report={clean} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DamageNotice report={{ ...clean, damage: undefined }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
