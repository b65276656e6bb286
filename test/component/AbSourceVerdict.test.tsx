/** The A/B's first line while a live file is hashed, and once it is: the mark, the verdict and each side's words. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AbSourceVerdict } from '../../renderer/src/components/ab/AbSourceVerdict';
import { compareSources, sourceOf, type LiveHash } from '../../renderer/src/store/source-identity';

const FILE = '/clips/sample.mp4';
const SHA = 'ab'.repeat(32);

function verdict(a: LiveHash, b: LiveHash) {
  return <AbSourceVerdict verdict={compareSources(sourceOf(null, FILE, a), sourceOf(null, FILE, b))} />;
}

describe('AbSourceVerdict', () => {
  it('says "hashing…" with how far it has come, then "same" once both live files are hashed', () => {
    const hashed: LiveHash = { state: 'hashed', file: FILE, open: 1, sha256: SHA, size: 2048 };
    const { rerender } = render(
      verdict(hashed, { state: 'hashing', file: FILE, open: 2, read: 1024 ** 3, size: 2 * 1024 ** 3 }),
    );
    expect(screen.getByTestId('ab-source')).toHaveAttribute('data-verdict', 'hashing');
    expect(screen.getByTestId('ab-source-text')).toHaveTextContent(/^… Hashing the file open live for B/);
    expect(screen.getByTestId('ab-source-b')).toHaveTextContent(
      'B: sample.mp4 · open live: hashing… (1.00 GiB of 2.00 GiB)',
    );
    rerender(verdict(hashed, { ...hashed, open: 2 }));
    expect(screen.getByTestId('ab-source')).toHaveAttribute('data-verdict', 'same');
    expect(screen.getByTestId('ab-source-text')).toHaveTextContent(
      '= Same source file: both sides were decoded from the same bytes.',
    );
    expect(screen.getByTestId('ab-source-a')).toHaveTextContent('A: sample.mp4 · sha256 abababababab… · 2,048 bytes');
    // Each side is one line on screen, cut where it is long: the whole line is its title.
    for (const side of ['ab-source-a', 'ab-source-b'])
      expect(screen.getByTestId(side)).toHaveAttribute('title', screen.getByTestId(side).textContent);
  });
});
