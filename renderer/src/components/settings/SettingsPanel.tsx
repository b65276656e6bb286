/** Settings: how files are decoded, the proof, thumbnails, and where NVCV/CV-CUDA are loaded from. */
import type { Ref } from 'react';
import type { BackendEnvironment } from '../../../../contract/contract';
import { FFMPEG_CHOICES } from '../../../../contract/ffmpeg-choice';
import type { Settings, SettingsPatch } from '../../../../contract/settings';
import { CONTEXT_MODES, DECODE_MODES, DEVICE_ORDINAL, type ContextMode } from '../../../../contract/vocabulary';
import { clampTo } from '../../format';
import { BudgetFacts } from './BudgetFacts';
import { FFMPEG_CHOICE_WORDS, FFMPEG_FIXED_WORDS, ffmpegLoadedWords } from './ffmpeg-setting';
import { CONTEXT_MODE_TEXT } from './context-modes';
import { SettingSelect } from './SettingSelect';

/** Props of SettingsPanel. */
export interface SettingsPanelProps {
  settings: Settings;
  /** The backend's budgets, read-only: only whoever starts the inspector sets them. Null while unknown. */
  budgets?: BackendEnvironment['budgets'] | null;
  /** The FFmpeg variants the backend has and the one it loaded; null while unknown. */
  ffmpeg?: BackendEnvironment['ffmpeg'] | null;
  /** True in serve mode, where one FFmpeg serves every client and no client may change it: the menu is read-only. */
  ffmpegFixed?: boolean;
  /** The CUDA context the next video is opened in. */
  contextMode: ContextMode;
  onChange(patch: SettingsPatch): void;
  onContextModeChange(mode: ContextMode): void;
  /** The desktop app's folder dialog for NVCV / CV-CUDA; null in serve mode, where the server's setting rules. */
  chooseLibraryFolder: (() => Promise<void>) | null;
  onClose(): void;
  /** The popover's element, for closing it on a click outside (common/use-popover). */
  panelRef?: Ref<HTMLDivElement>;
}

/** The popover. */
export function SettingsPanel({
  settings,
  budgets,
  ffmpeg,
  ffmpegFixed = false,
  contextMode,
  onChange,
  onContextModeChange,
  chooseLibraryFolder,
  onClose,
  panelRef,
}: SettingsPanelProps) {
  // In serve mode the menu shows what the backend loaded, which no client changes.
  const shownFfmpeg = ffmpegFixed ? (ffmpeg?.loaded ?? settings.ffmpeg) : settings.ffmpeg;
  return (
    <div className="popover settings" data-testid="settings-panel" role="dialog" aria-label="Settings" ref={panelRef}>
      <SettingSelect
        label="decode"
        testId="setting-decode"
        choices={DECODE_MODES}
        value={settings.decode}
        onChange={(decode) => onChange({ decode })}
      />
      <SettingSelect
        label="CUDA context"
        testId="setting-context"
        choices={CONTEXT_MODES}
        value={contextMode}
        onChange={onContextModeChange}
      />
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
        Operator device
        <input
          data-testid="setting-operator-device"
          type="number"
          min={DEVICE_ORDINAL.min}
          max={DEVICE_ORDINAL.max}
          placeholder="the decoder's"
          value={settings.operatorDevice ?? ''}
          onChange={(event) =>
            onChange({
              operatorDevice: event.target.value === '' ? null : clampTo(DEVICE_ORDINAL, event.target.value),
            })
          }
        />
      </label>
      <label className="check">
        <input
          data-testid="setting-peer-access"
          type="checkbox"
          checked={settings.peerAccess}
          onChange={(event) => onChange({ peerAccess: event.target.checked })}
        />
        peer access: operators on another device read the frame across devices instead of a copy on theirs
      </label>
      <SettingSelect
        label="FFmpeg"
        testId="setting-ffmpeg"
        choices={FFMPEG_CHOICES}
        words={FFMPEG_CHOICE_WORDS}
        value={shownFfmpeg}
        disabled={ffmpegFixed}
        available={(choice) => ffmpeg == null || ffmpeg.available.includes(choice)}
        onChange={(choice) => onChange({ ffmpeg: choice })}
      />
      <p className="muted" data-testid="setting-ffmpeg-text">
        {/* In serve mode nothing a client chooses waits for a restart: say only what runs. */}
        {ffmpegLoadedWords(shownFfmpeg, ffmpeg ?? null)}
        {ffmpegFixed ? ` ${FFMPEG_FIXED_WORDS}` : null}
      </p>
      <label className="check">
        <input
          data-testid="setting-unsafe-output"
          type="checkbox"
          checked={settings.unsafeOutput}
          onChange={(event) => onChange({ unsafeOutput: event.target.checked })}
        />
        unsafe output (FFmpeg 6.0 and later): NVDEC frames are the decoder&apos;s surfaces, not FFmpeg&apos;s copies
      </label>
      <BudgetFacts budgets={budgets ?? null} />
      <label className="check">
        <input
          data-testid="setting-proof"
          type="checkbox"
          checked={settings.proof}
          onChange={(event) => onChange({ proof: event.target.checked })}
        />
        run the aliasing proof on every frame
      </label>
      <label className="check">
        <input
          data-testid="setting-ledger"
          type="checkbox"
          checked={settings.ledger}
          onChange={(event) => onChange({ ledger: event.target.checked })}
        />
        record every GPU copy (the copy ledger, through CUPTI; tracing slows steps down)
      </label>
      <div className="library-path">
        NVCV / CV-CUDA folder{' '}
        <code data-testid="setting-library-path">{settings.libraryPath ?? 'found automatically'}</code>
        {chooseLibraryFolder !== null ? (
          <button type="button" data-testid="setting-library-choose" onClick={() => void chooseLibraryFolder()}>
            Choose folder…
          </button>
        ) : (
          <p className="muted" data-testid="setting-library-remote">
            Loaded code is chosen on the server: start serve mode with ZCI_NVCV_PATH set to change it.
          </p>
        )}
      </div>
      <p className="muted">
        Decode mode, CUDA context, device, operator device, peer access, unsafe output and frames held apply to the next
        file opened.
      </p>
      <button type="button" data-testid="settings-close" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
