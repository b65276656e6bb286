/** Decodes a pair of captured PNGs into pixels for the comparison, once per pair. */
import { useEffect, useState } from 'react';
import { pngPixels } from './decode-png';
import type { RgbPixels } from './pixels';

/** The decoded pair, or why there is none yet. */
export type PngPair =
  | { state: 'decoding' }
  | { state: 'ready'; naive: RgbPixels; correct: RgbPixels }
  | { state: 'failed'; message: string };

/** What was decoded, and from which two PNGs. */
interface Decoded {
  naivePng: string;
  correctPng: string;
  pair: PngPair;
}

/** Decodes both pictures; until the pair shown now is decoded, the answer is 'decoding', never an older pair. */
export function usePngPair(naivePng: string | null, correctPng: string | null): PngPair {
  const [decoded, setDecoded] = useState<Decoded | null>(null);
  useEffect(() => {
    if (naivePng === null || correctPng === null) return;
    let current = true;
    const settle = (pair: PngPair): void => {
      if (current) setDecoded({ naivePng, correctPng, pair });
    };
    Promise.all([pngPixels(naivePng), pngPixels(correctPng)])
      .then(([naive, correct]) => settle({ state: 'ready', naive, correct }))
      .catch((error: unknown) =>
        settle({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [naivePng, correctPng]);
  if (decoded === null || decoded.naivePng !== naivePng || decoded.correctPng !== correctPng) {
    return { state: 'decoding' };
  }
  return decoded.pair;
}
