/** A small "?" beside a term: one click opens the term's explanation from the glossary. */
import { useId, type ReactNode } from 'react';
import { GLOSSARY, type GlossaryTerm } from '../../../../wording/glossary';
import { usePopover } from '../common/use-popover';

/** Props of GlossaryButton. */
export interface GlossaryButtonProps {
  term: GlossaryTerm;
  /** Words added under the glossary's text for this place (for example the format name read out). */
  extra?: ReactNode;
}

/** The button and its popover. */
export function GlossaryButton({ term, extra }: GlossaryButtonProps) {
  const { open, toggle, triggerRef, panelRef } = usePopover<HTMLButtonElement, HTMLDivElement>();
  const entry = GLOSSARY[term];
  const titleId = useId();
  return (
    <span className="glossary">
      <button
        type="button"
        ref={triggerRef}
        className="glossary-button"
        data-testid={`glossary-${term}`}
        aria-label={`What is ${entry.title}?`}
        aria-expanded={open}
        onClick={toggle}
      >
        ?
      </button>
      {open ? (
        <div
          ref={panelRef}
          className="glossary-popover"
          role="dialog"
          aria-labelledby={titleId}
          data-testid={`glossary-popover-${term}`}
        >
          <strong id={titleId}>{entry.title}</strong>
          <p>{entry.text}</p>
          {extra !== undefined ? <p className="glossary-extra">{extra}</p> : null}
        </div>
      ) : null}
    </span>
  );
}
