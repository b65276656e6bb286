import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../electron/common/settings';
import { CONTEXT_MODES } from '../../electron/common/vocabulary';
import { SettingsPanel } from '../../renderer/src/components/settings/SettingsPanel';

describe('SettingsPanel', () => {
  it('changes the decode mode, the proof and the NVCV folder', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        contextMode="shared"
        onChange={onChange}
        onContextModeChange={vi.fn()}
        onClose={vi.fn()}
      />,
    );
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
      <SettingsPanel
        settings={{ ...DEFAULT_SETTINGS, libraryPath: '/x' }}
        contextMode="shared"
        onChange={onChange}
        onContextModeChange={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    await user.clear(screen.getByTestId('setting-library-path'));
    await user.click(screen.getByTestId('setting-library-apply'));
    expect(onChange).toHaveBeenCalledWith({ libraryPath: null });
  });

  it('offers every CUDA context mode, explains the chosen one, and reports a change', async () => {
    const user = userEvent.setup();
    const onContextModeChange = vi.fn();
    render(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        contextMode="ffmpeg-primary"
        onChange={vi.fn()}
        onContextModeChange={onContextModeChange}
        onClose={vi.fn()}
      />,
    );
    const options = [...screen.getByTestId('setting-context').querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual([...CONTEXT_MODES]);
    expect(screen.getByTestId('setting-context-text')).toHaveTextContent(/^ffmpeg-primary: /);
    await user.selectOptions(screen.getByTestId('setting-context'), 'private');
    expect(onContextModeChange).toHaveBeenCalledWith('private');
  });
});
