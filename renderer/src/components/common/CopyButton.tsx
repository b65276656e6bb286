/** A small button that copies a value to the clipboard and says so. */
import { useState } from 'react';

/** Props of CopyButton. */
export interface CopyButtonProps {
  value: string;
  label: string;
  testId: string;
}

/** Copies value; shows "copied" for a moment. */
export function CopyButton({ value, label, testId }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1200);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button
      type="button"
      className="copy"
      data-testid={testId}
      title={`Copy ${label}`}
      aria-label={`Copy ${label}`}
      onClick={() => void copy()}
    >
      {copied ? 'copied' : 'copy'}
    </button>
  );
}
