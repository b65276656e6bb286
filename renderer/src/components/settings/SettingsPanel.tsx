/** Settings: how files are decoded, the proof, thumbnails, and where NVCV/CV-CUDA are loaded from. */
import { useState } from 'react';
import { decodeModeSchema, type Settings, type SettingsPatch } from '../../../../electron/common/settings';

/** Props of SettingsPanel. */
export interface SettingsPanelProps {
  settings: Settings;
  onChange(patch: SettingsPatch): void;
  onClose(): void;
}

/** The popover. */
export function SettingsPanel({ settings, onChange, onClose }: SettingsPanelProps) {
  const [libraryPath, setLibraryPath] = useState(settings.libraryPath ?? '');
  return (
    <div className="popover settings" data-testid="settings-panel" role="dialog" aria-label="Settings">
      <label>
        decode
        <select
          data-testid="setting-decode"
          value={settings.decode}
          onChange={(event) => onChange({ decode: decodeModeSchema.parse(event.target.value) })}
        >
          {decodeModeSchema.options.map((mode) => (
            <option key={mode} value={mode}>
              {mode}
            </option>
          ))}
        </select>
      </label>
      <label>
        CUDA device
        <input
          data-testid="setting-device"
          type="number"
          min={0}
          max={63}
          value={settings.device}
          onChange={(event) => onChange({ device: Math.max(0, Math.min(63, Math.trunc(Number(event.target.value)))) })}
        />
      </label>
      <label>
        frames held
        <input
          data-testid="setting-hold"
          type="number"
          min={1}
          max={16}
          value={settings.holdFrames}
          onChange={(event) =>
            onChange({ holdFrames: Math.max(1, Math.min(16, Math.trunc(Number(event.target.value)))) })
          }
        />
      </label>
      <label className="check">
        <input
          data-testid="setting-proof"
          type="checkbox"
          checked={settings.proof}
          onChange={(event) => onChange({ proof: event.target.checked })}
        />
        run the aliasing proof on every frame
      </label>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ libraryPath: libraryPath.trim() === '' ? null : libraryPath.trim() });
        }}
      >
        <label>
          NVCV / CV-CUDA folder
          <input
            data-testid="setting-library-path"
            value={libraryPath}
            placeholder="found automatically"
            onChange={(event) => setLibraryPath(event.target.value)}
            spellCheck={false}
          />
        </label>
        <button type="submit" data-testid="setting-library-apply">
          Set
        </button>
      </form>
      <p className="muted">Decode mode, device and frames held apply to the next file opened.</p>
      <button type="button" data-testid="settings-close" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
