/**
 * The collapse button at the head of a panel. A collapsed panel keeps only its head; the choice is kept per panel in
 * the window's local storage, so a panel stays as it was left across steps, files and restarts.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { readFlag, writeFlag } from './remembered-flag';

const KEY = 'zci.panel-collapsed.';

/** Props of PanelToggle. */
export interface PanelToggleProps {
  /** The panel's name in storage and in the button's test id. */
  id: string;
  /** The panel's title, said by the button. */
  title: string;
}

/** The ▾/▸ button; it marks its panel (the closest .panel) with data-collapsed. */
export function PanelToggle({ id, title }: PanelToggleProps) {
  const [collapsed, setCollapsed] = useState(() => readFlag(KEY, id));
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const panel = button.current?.closest<HTMLElement>('.panel');
    if (panel) panel.dataset.collapsed = String(collapsed);
  }, [collapsed]);
  return (
    <button
      ref={button}
      type="button"
      className="panel-toggle"
      data-testid={`collapse-${id}`}
      aria-expanded={!collapsed}
      aria-label={`${collapsed ? 'Expand' : 'Collapse'} the ${title} panel`}
      title={collapsed ? 'Expand' : 'Collapse'}
      onClick={() => {
        writeFlag(KEY, id, !collapsed);
        setCollapsed(!collapsed);
      }}
    >
      {collapsed ? '▸' : '▾'}
    </button>
  );
}
