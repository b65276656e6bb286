/**
 * A part of a panel behind its summary line (a native disclosure), shut at first so that the panel's answer fits one
 * screen; whether it was left open is kept per part in the window's local storage, as a panel's collapse is. Shut,
 * its contents are out of the Tab order and its summary says what it holds.
 */
import { useState, type ReactNode } from 'react';
import { readFlag, writeFlag } from './remembered-flag';

const KEY = 'zci.disclosure-open.';

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
  const [open, setOpen] = useState(() => readFlag(KEY, id));
  return (
    <details
      className={`disclosure${className !== undefined ? ` ${className}` : ''}`}
      open={open}
      onToggle={(event) => {
        const now = event.currentTarget.open;
        if (now === open) return;
        writeFlag(KEY, id, now);
        setOpen(now);
      }}
    >
      <summary data-testid={`disclosure-${id}`}>{summary}</summary>
      {children}
    </details>
  );
}
