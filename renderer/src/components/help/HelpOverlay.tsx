/** The help overlay: every keyboard shortcut, the keys of the probe and the hex view, and the words for the jargon. */
import { useEffect, useRef, type Ref } from 'react';
import { GLOSSARY, GLOSSARY_TERMS } from '../../../../wording/glossary';
import { SHORTCUTS, VIEW_KEYS } from './shortcuts';
import './help.css';

/** Props of HelpOverlay. */
export interface HelpOverlayProps {
  onClose(): void;
  /** The overlay's box, for closing it on a click outside (common/use-popover). */
  panelRef?: Ref<HTMLDivElement>;
}

/** The overlay; focus moves to its Close button while it is open. */
export function HelpOverlay({ onClose, panelRef }: HelpOverlayProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus({ preventScroll: true }), []);
  return (
    <div className="overlay" data-testid="help-overlay" role="dialog" aria-modal="true" aria-labelledby="help-title">
      <div className="overlay-box help-box" ref={panelRef}>
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
        {VIEW_KEYS.map((view) => (
          <table key={view.view} data-testid="help-view-keys" aria-label={view.view}>
            <caption>{view.view}</caption>
            <tbody>
              {view.keys.map((entry) => (
                <tr key={entry.text}>
                  <td>
                    {entry.keys.map((key) => (
                      <kbd key={key}>{key}</kbd>
                    ))}
                  </td>
                  <td>{entry.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
        <h2 id="glossary-title">Words</h2>
        <dl className="glossary-list" data-testid="help-glossary" aria-labelledby="glossary-title">
          {GLOSSARY_TERMS.map((term) => (
            <div key={term} className="glossary-entry">
              <dt>{GLOSSARY[term].title}</dt>
              <dd>{GLOSSARY[term].text}</dd>
            </div>
          ))}
        </dl>
        <button type="button" data-testid="help-close" onClick={onClose} ref={closeButton}>
          Close
        </button>
      </div>
    </div>
  );
}
