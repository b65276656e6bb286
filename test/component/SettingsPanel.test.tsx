import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../electron/common/settings';
import { CONTEXT_MODES } from '../../electron/common/vocabulary';
import { SettingsPanel } from '../../renderer/src/components/settings/SettingsPanel';

describe('SettingsPanel', () => {
  it('changes the decode mode and the proof; the NVCV folder is shown, never typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SettingsPanel
        settings={{ ...DEFAULT_SETTINGS, libraryPath: '/opt/cvcuda/lib' }}
        contextMode="shared"
        onChange={onChange}
        onContextModeChange={vi.fn()}
        chooseLibraryFolder={null}
        onClose={vi.fn()}
      />,
    );
    await user.selectOptions(screen.getByTestId('setting-decode'), 'software');
    await user.click(screen.getByTestId('setting-proof'));
    expect(onChange.mock.calls).toEqual([[{ decode: 'software' }], [{ proof: false }]]);
    expect(screen.getByTestId('setting-library-path')).toHaveTextContent('/opt/cvcuda/lib');
    expect(screen.getByTestId('setting-library-path').tagName).toBe('CODE');
    expect(screen.queryByTestId('setting-library-choose')).toBeNull();
    expect(screen.getByTestId('setting-library-remote')).toHaveTextContent(/ZCI_NVCV_PATH/);
  });

  it("the desktop app chooses the NVCV folder in the main process's dialog", async () => {
    const user = userEvent.setup();
    const chooseLibraryFolder = vi.fn(async () => undefined);
    render(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        contextMode="shared"
        onChange={vi.fn()}
        onContextModeChange={vi.fn()}
        chooseLibraryFolder={chooseLibraryFolder}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByTestId('setting-library-path')).toHaveTextContent('found automatically');
    await user.click(screen.getByTestId('setting-library-choose'));
    expect(chooseLibraryFolder).toHaveBeenCalledTimes(1);
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
        chooseLibraryFolder={null}
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
