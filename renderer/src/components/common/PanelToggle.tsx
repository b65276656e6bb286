/**
 * The collapse button at the head of a panel. A collapsed panel keeps only its head; the choice is kept per panel in
 * the window's local storage, so a panel stays as it was left across steps, files and restarts.
 */
import { useLayoutEffect, useRef, useState } from 'react';

const KEY = 'zci.panel-collapsed.';

/** Whether the panel was left collapsed; false where local storage cannot be read. */
function readCollapsed(id: string): boolean {
  try {
    return window.localStorage.getItem(KEY + id) === 'true';
  } catch {
    return false;
  }
}

function writeCollapsed(id: string, collapsed: boolean): void {
  try {
    if (collapsed) window.localStorage.setItem(KEY + id, 'true');
    else window.localStorage.removeItem(KEY + id);
  } catch {
    // Without local storage the panel still collapses; only the memory of it is lost.
  }
}

/** Props of PanelToggle. */
export interface PanelToggleProps {
  /** The panel's name in storage and in the button's test id. */
  id: string;
  /** The panel's title, said by the button. */
  title: string;
}

/** The ▾/▸ button; it marks its panel (the closest .panel) with data-collapsed. */
export function PanelToggle({ id, title }: PanelToggleProps) {
  const [collapsed, setCollapsed] = useState(() => readCollapsed(id));
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
        writeCollapsed(id, !collapsed);
        setCollapsed(!collapsed);
      }}
    >
      {collapsed ? '▸' : '▾'}
    </button>
  );
}
