/** The help overlay listing every keyboard shortcut. */
import { SHORTCUTS } from './shortcuts';

/** Props of HelpOverlay. */
export interface HelpOverlayProps {
  onClose(): void;
}

/** The overlay. */
export function HelpOverlay({ onClose }: HelpOverlayProps) {
  return (
    <div
      className="overlay"
      data-testid="help-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="help-title"
      onClick={onClose}
    >
      <div className="overlay-box" onClick={(event) => event.stopPropagation()}>
        <h2 id="help-title">Keyboard shortcuts</h2>
        <table>
          <tbody>
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.action}>
                <td>
                  {shortcut.keys.map((key) => (
                    <kbd key={key}>{key.replace('Arrow', '').replace('Left', '←').replace('Right', '→')}</kbd>
                  ))}
                </td>
                <td>{shortcut.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">Drop a video anywhere on the window to open it.</p>
        <button type="button" data-testid="help-close" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
