/** Opening a video: the native dialog (in the window) or a path field (serve mode), recents, the sample. */
import { memo, useState, type FormEvent } from 'react';
import type { RecentFile } from '../../../../contract/contract';
import { baseName } from '../../format';
import { focusFrameView } from '../common/frame-view-focus';
import { usePopover } from '../common/use-popover';

/** Props of OpenBar. */
export interface OpenBarProps {
  /** Shows the native dialog; absent in serve mode. */
  openDialog: (() => Promise<string | null>) | null;
  recents: RecentFile[];
  samplePath: string | null;
  opening: boolean;
  onOpen(path: string, frame?: number): void;
}

/** The bar. */
export const OpenBar = memo(function OpenBar({ openDialog, recents, samplePath, opening, onOpen }: OpenBarProps) {
  const [path, setPath] = useState('');
  const {
    open: recentsOpen,
    close: closeRecents,
    toggle: toggleRecents,
    triggerRef: recentsTrigger,
    panelRef: recentsPanel,
  } = usePopover<HTMLButtonElement, HTMLUListElement>();
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (path.trim() === '') return;
    onOpen(path.trim());
    // Committed: the keyboard's shortcuts reach the frame view, not the field.
    focusFrameView(event.currentTarget.querySelector('input'));
  };
  return (
    <div className="openbar">
      {openDialog !== null ? (
        <button
          type="button"
          data-testid="open-dialog"
          disabled={opening}
          onClick={() => void openDialog().then((chosen) => chosen !== null && onOpen(chosen))}
        >
          Open…
        </button>
      ) : (
        <form onSubmit={submit} className="path-form">
          <input
            data-testid="path-input"
            aria-label="Path of a video on the server"
            placeholder="/path/to/video.mp4 on the server"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            spellCheck={false}
          />
          <button type="submit" data-testid="open-path" disabled={opening}>
            Open
          </button>
        </form>
      )}
      <div className="recents">
        <button
          type="button"
          data-testid="recents-toggle"
          ref={recentsTrigger}
          aria-expanded={recentsOpen}
          onClick={toggleRecents}
          disabled={recents.length === 0}
        >
          Recent ▾
        </button>
        {recentsOpen ? (
          <ul className="recent-list" data-testid="recent-list" ref={recentsPanel}>
            {recents.map((recent) => (
              <li key={recent.path}>
                <button
                  type="button"
                  data-testid="recent-item"
                  title={recent.path}
                  onClick={() => {
                    closeRecents();
                    onOpen(recent.path, recent.lastFrame ?? 0);
                  }}
                >
                  {baseName(recent.path)}
                  {recent.lastFrame !== null ? <span className="muted"> · frame {recent.lastFrame}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {samplePath !== null ? (
        <button type="button" data-testid="open-sample" disabled={opening} onClick={() => onOpen(samplePath)}>
          Sample
        </button>
      ) : null}
      {opening ? <span className="spinner" data-testid="opening" aria-label="opening" /> : null}
    </div>
  );
});
