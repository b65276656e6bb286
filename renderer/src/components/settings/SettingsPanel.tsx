/** Settings: how files are decoded, the proof, thumbnails, and where NVCV/CV-CUDA are loaded from. */
import { useState } from 'react';
import type { Settings, SettingsPatch } from '../../../../electron/common/settings';
import {
  CONTEXT_MODES,
  DECODE_MODES,
  decodeModeSchema,
  DEVICE_ORDINAL,
  HOLD_FRAMES,
  type ContextMode,
} from '../../../../electron/common/vocabulary';
import { clampTo } from '../../format';
import { CONTEXT_MODE_TEXT } from './context-modes';

/** Props of SettingsPanel. */
export interface SettingsPanelProps {
  settings: Settings;
  /** The CUDA context the next video is opened in. */
  contextMode: ContextMode;
  onChange(patch: SettingsPatch): void;
  onContextModeChange(mode: ContextMode): void;
  onClose(): void;
}

/** The popover. */
export function SettingsPanel({ settings, contextMode, onChange, onContextModeChange, onClose }: SettingsPanelProps) {
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
          {DECODE_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mode}
            </option>
          ))}
        </select>
      </label>
      <label>
        CUDA context
        <select
          data-testid="setting-context"
          value={contextMode}
          onChange={(event) => {
            const mode = CONTEXT_MODES.find((candidate) => candidate === event.target.value);
            if (mode !== undefined) onContextModeChange(mode);
          }}
        >
          {CONTEXT_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mode}
            </option>
          ))}
        </select>
      </label>
      <p className="muted" data-testid="setting-context-text">
        {CONTEXT_MODE_TEXT[contextMode]}
      </p>
      <label>
        CUDA device
        <input
          data-testid="setting-device"
          type="number"
          min={DEVICE_ORDINAL.min}
          max={DEVICE_ORDINAL.max}
          value={settings.device}
          onChange={(event) => onChange({ device: clampTo(DEVICE_ORDINAL, event.target.value) })}
        />
      </label>
      <label>
        frames held
        <input
          data-testid="setting-hold"
          type="number"
          min={HOLD_FRAMES.min}
          max={HOLD_FRAMES.max}
          value={settings.holdFrames}
          onChange={(event) => onChange({ holdFrames: clampTo(HOLD_FRAMES, event.target.value) })}
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
      <p className="muted">Decode mode, CUDA context, device and frames held apply to the next file opened.</p>
      <button type="button" data-testid="settings-close" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
