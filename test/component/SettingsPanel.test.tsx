import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../electron/common/settings';
import { SettingsPanel } from '../../renderer/src/components/settings/SettingsPanel';

describe('SettingsPanel', () => {
  it('changes the decode mode, the proof and the NVCV folder', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SettingsPanel settings={DEFAULT_SETTINGS} onChange={onChange} onClose={vi.fn()} />);
    await user.selectOptions(screen.getByTestId('setting-decode'), 'software');
    await user.click(screen.getByTestId('setting-proof'));
    await user.type(screen.getByTestId('setting-library-path'), '/opt/cvcuda/lib');
    await user.click(screen.getByTestId('setting-library-apply'));
    expect(onChange.mock.calls).toEqual([
      [{ decode: 'software' }],
      [{ proof: false }],
      [{ libraryPath: '/opt/cvcuda/lib' }],
    ]);
  });

  it('clears the NVCV folder when the field is emptied', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SettingsPanel settings={{ ...DEFAULT_SETTINGS, libraryPath: '/x' }} onChange={onChange} onClose={vi.fn()} />,
    );
    await user.clear(screen.getByTestId('setting-library-path'));
    await user.click(screen.getByTestId('setting-library-apply'));
    expect(onChange).toHaveBeenCalledWith({ libraryPath: null });
  });
});
