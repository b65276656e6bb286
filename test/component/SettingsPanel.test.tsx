import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { CONTEXT_MODES } from '../../contract/vocabulary';
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

  it("picks the operators' device apart from the decoder's (empty: the decoder's), and peer access", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        ffmpeg={null}
        contextMode="shared"
        onChange={onChange}
        onContextModeChange={vi.fn()}
        chooseLibraryFolder={null}
        onClose={vi.fn()}
      />,
    );
    const input = screen.getByTestId('setting-operator-device');
    expect(input).toHaveValue(null);
    expect(input).toHaveAttribute('placeholder', "the decoder's");
    await user.type(input, '1');
    expect(onChange.mock.calls).toEqual([[{ operatorDevice: 1 }]]);
    rerender(
      <SettingsPanel
        settings={{ ...DEFAULT_SETTINGS, operatorDevice: 1 }}
        ffmpeg={null}
        contextMode="shared"
        onChange={onChange}
        onContextModeChange={vi.fn()}
        chooseLibraryFolder={null}
        onClose={vi.fn()}
      />,
    );
    await user.clear(screen.getByTestId('setting-operator-device'));
    expect(onChange.mock.calls.at(-1)).toEqual([{ operatorDevice: null }]);
    await user.click(screen.getByTestId('setting-peer-access'));
    expect(onChange.mock.calls.at(-1)).toEqual([{ peerAccess: true }]);
  });

  it('chooses the FFmpeg among the variants built, says what the backend runs on, and switches unsafe output', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        ffmpeg={{ available: ['system'], loaded: 'system' }}
        contextMode="shared"
        onChange={onChange}
        onContextModeChange={vi.fn()}
        chooseLibraryFolder={null}
        onClose={vi.fn()}
      />,
    );
    const select = screen.getByTestId('setting-ffmpeg');
    expect(screen.getByRole('option', { name: /^FFmpeg 7\.1,/ })).toBeDisabled();
    expect(screen.getByTestId('setting-ffmpeg-text')).toHaveTextContent("The backend runs on the system's FFmpeg.");
    await user.click(screen.getByTestId('setting-unsafe-output'));
    expect(onChange.mock.calls).toEqual([[{ unsafeOutput: true }]]);
    rerender(
      <SettingsPanel
        settings={{ ...DEFAULT_SETTINGS, ffmpeg: '7.1' }}
        ffmpeg={{ available: ['system', '7.1'], loaded: 'system' }}
        contextMode="shared"
        onChange={onChange}
        onContextModeChange={vi.fn()}
        chooseLibraryFolder={null}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('option', { name: /^FFmpeg 7\.1,/ })).toBeEnabled();
    expect(screen.getByTestId('setting-ffmpeg-text')).toHaveTextContent(
      /FFmpeg 7\.1, shipped with the inspector applies when it restarts/,
    );
    await user.selectOptions(select, 'system');
    expect(onChange.mock.calls.at(-1)).toEqual([{ ffmpeg: 'system' }]);
  });

  it('in serve mode shows the FFmpeg every client runs on, read-only, and says who chooses it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        ffmpeg={{ available: ['system', '7.1'], loaded: 'system' }}
        ffmpegFixed
        contextMode="shared"
        onChange={onChange}
        onContextModeChange={vi.fn()}
        chooseLibraryFolder={null}
        onClose={vi.fn()}
      />,
    );
    const select = screen.getByTestId('setting-ffmpeg');
    expect(select).toBeDisabled();
    expect(select).toHaveValue('system');
    expect(screen.getByTestId('setting-ffmpeg-text')).toHaveTextContent(
      "The backend runs on the system's FFmpeg. It is loaded once for every client of serve mode: whoever starts serve mode chooses it (--ffmpeg).",
    );
    await user.selectOptions(select, '7.1').catch(() => undefined);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('in serve mode started on another FFmpeg than the saved setting, shows the one loaded, and no restart to wait for', () => {
    render(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        ffmpeg={{ available: ['system', '7.1'], loaded: '7.1' }}
        ffmpegFixed
        contextMode="shared"
        onChange={vi.fn()}
        onContextModeChange={vi.fn()}
        chooseLibraryFolder={null}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByTestId('setting-ffmpeg')).toHaveValue('7.1');
    expect(screen.getByTestId('setting-ffmpeg-text')).toHaveTextContent(
      'The backend runs on FFmpeg 7.1, shipped with the inspector. It is loaded once for every client of serve mode',
    );
    expect(screen.getByTestId('setting-ffmpeg-text')).not.toHaveTextContent('restarts');
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

  it('hands back from every menu only a choice on its list, and names each menu by its label', () => {
    const onChange = vi.fn();
    const onContextModeChange = vi.fn();
    render(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        contextMode="shared"
        onChange={onChange}
        onContextModeChange={onContextModeChange}
        chooseLibraryFolder={null}
        onClose={vi.fn()}
      />,
    );
    for (const [testId, label] of [
      ['setting-decode', 'decode'],
      ['setting-context', 'CUDA context'],
      ['setting-ffmpeg', 'FFmpeg'],
    ] as const) {
      const select = screen.getByTestId(testId) as HTMLSelectElement;
      expect(screen.getByLabelText(label, { selector: 'select' })).toBe(select);
      // A page altered to offer a value the contract does not know: the change is dropped, not passed on.
      select.append(new Option('planted', 'planted'));
      fireEvent.change(select, { target: { value: 'planted' } });
    }
    expect(onChange).not.toHaveBeenCalled();
    expect(onContextModeChange).not.toHaveBeenCalled();
  });
});
