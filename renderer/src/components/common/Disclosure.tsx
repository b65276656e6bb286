/**
 * A part of a panel behind its summary line (a native disclosure), shut at first so that the panel's answer fits one
 * screen; whether it was left open is kept per part in the window's local storage, as a panel's collapse is. Shut,
 * its contents are out of the Tab order and its summary says what it holds.
 */
import { useState, type ReactNode } from 'react';

const KEY = 'zci.disclosure-open.';

/** Whether the part was left open; false where local storage cannot be read. */
function readOpen(id: string): boolean {
  try {
    return window.localStorage.getItem(KEY + id) === 'true';
  } catch {
    return false;
  }
}

function writeOpen(id: string, open: boolean): void {
  try {
    if (open) window.localStorage.setItem(KEY + id, 'true');
    else window.localStorage.removeItem(KEY + id);
  } catch {
    // Without local storage the part still opens; only the memory of it is lost.
  }
}

/** Props of Disclosure. */
export interface DisclosureProps {
  /** The part's name in storage and in the summary's test id (disclosure-<id>). */
  id: string;
  /** The summary's words: what the part holds. */
  summary: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The disclosure. */
export function Disclosure({ id, summary, className, children }: DisclosureProps) {
  const [open, setOpen] = useState(() => readOpen(id));
  return (
    <details
      className={`disclosure${className !== undefined ? ` ${className}` : ''}`}
      open={open}
      onToggle={(event) => {
        const now = event.currentTarget.open;
        if (now === open) return;
        writeOpen(id, now);
        setOpen(now);
      }}
    >
      <summary data-testid={`disclosure-${id}`}>{summary}</summary>
      {children}
    </details>
  );
}
