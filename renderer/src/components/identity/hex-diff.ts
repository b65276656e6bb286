/** Two hex pointers side by side, split into runs of digits that are the same in both and runs that differ. */

/** A run of characters of a grouped pointer; differs marks digits the other pointer does not share. */
export interface HexRun {
  text: string;
  differs: boolean;
}

/**
 * Both pointers grouped in 4-digit blocks (as groupHex writes them, the shorter padded with zeros to the longer's
 * length) and cut into runs, so only the digits that differ can be marked.
 */
export function hexDiff(a: string, b: string): [HexRun[], HexRun[]] {
  const digitsA = a.replace(/^0x/i, '').toLowerCase();
  const digitsB = b.replace(/^0x/i, '').toLowerCase();
  const width = Math.max(digitsA.length, digitsB.length);
  const padA = digitsA.padStart(width, '0');
  const padB = digitsB.padStart(width, '0');
  const runs = (mine: string, other: string): HexRun[] => {
    const out: HexRun[] = [{ text: '0x', differs: false }];
    for (let i = 0; i < width; i += 1) {
      const differs = mine[i] !== other[i];
      // Underscores every 4 digits from the right, as groupHex puts them; one inside a differing run stays in it.
      if (i > 0 && (width - i) % 4 === 0) push(out, '_', differs && mine[i - 1] !== other[i - 1]);
      push(out, mine[i] ?? '', differs);
    }
    return out;
  };
  return [runs(padA, padB), runs(padB, padA)];
}

function push(runs: HexRun[], text: string, differs: boolean): void {
  const last = runs.at(-1);
  if (last !== undefined && last.differs === differs) last.text += text;
  else runs.push({ text, differs });
}
