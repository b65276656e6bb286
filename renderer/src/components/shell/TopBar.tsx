/** The window's top bar: the app and file name, opening controls, and the buttons of the whole window. */
import type { Ref } from 'react';
import type { InspectorBridge } from '../../../../contract/bridge';
import type { RecentFile } from '../../../../contract/contract';
import { baseName } from '../../format';
import { OpenBar } from '../open/OpenBar';
import { ShareControl } from '../share/ShareControl';

/** Props of TopBar. */
export interface TopBarProps {
  file: string | null;
  bridge: InspectorBridge | null;
  openDialog: (() => Promise<string | null>) | null;
  recents: RecentFile[];
  samplePath: string | null;
  opening: boolean;
  onOpen(path: string, frame?: number): void;
  /** False while no frame is shown: the presenter needs one. */
  canPresent: boolean;
  onPresent(): void;
  theme: 'dark' | 'light';
  onToggleTheme(): void;
  settingsOpen: boolean;
  settingsTrigger: Ref<HTMLButtonElement>;
  onToggleSettings(): void;
  helpOpen: boolean;
  helpTrigger: Ref<HTMLButtonElement>;
  onHelp(): void;
}

/** The bar. */
export function TopBar({ settingsTrigger, helpTrigger, ...props }: TopBarProps) {
  return (
    <header className="topbar">
      <h1>
        Zero-Copy Inspector
        {props.file !== null ? (
          <span className="file" data-testid="file-name" title={props.file}>
            {baseName(props.file)}
          </span>
        ) : null}
      </h1>
      <OpenBar
        openDialog={props.openDialog}
        recents={props.recents}
        samplePath={props.samplePath}
        opening={props.opening}
        onOpen={props.onOpen}
      />
      <div className="topbar-end">
        <ShareControl bridge={props.bridge} />
        <button
          type="button"
          data-testid="presenter-button"
          disabled={!props.canPresent}
          onClick={props.onPresent}
          title="Presenter view (p)"
        >
          Present
        </button>
        <button type="button" data-testid="theme-toggle" onClick={props.onToggleTheme} title="Theme (t)">
          {props.theme === 'dark' ? '☀ light' : '☾ dark'}
        </button>
        <button
          type="button"
          data-testid="settings-button"
          ref={settingsTrigger}
          aria-expanded={props.settingsOpen}
          onClick={props.onToggleSettings}
        >
          Settings
        </button>
        <button
          type="button"
          data-testid="help-button"
          ref={helpTrigger}
          aria-expanded={props.helpOpen}
          onClick={props.onHelp}
          title="Shortcuts (?)"
        >
          ?
        </button>
      </div>
    </header>
  );
}
