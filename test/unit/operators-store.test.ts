/** The operators slice's pure logic: what a choice sends. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPERATOR, previewParams } from '../../renderer/src/store/operators-slice';

describe('operator requests', () => {
  it('send only the parameters the chosen operator reads, and a forced matrix or range', () => {
    expect(previewParams(DEFAULT_OPERATOR)).toEqual({ op: 'convert', maxWidth: 256, reference: true });
    expect(previewParams({ ...DEFAULT_OPERATOR, op: 'gaussian', kernelSize: 9, sigma: 3 })).toEqual({
      op: 'gaussian',
      maxWidth: 256,
      reference: true,
      kernelSize: 9,
      sigma: 3,
    });
    expect(previewParams({ ...DEFAULT_OPERATOR, op: 'flip', flipCode: -1, matrix: 'bt601' })).toMatchObject({
      op: 'flip',
      flipCode: -1,
      matrix: 'bt601',
    });
    expect(previewParams({ ...DEFAULT_OPERATOR, op: 'threshold', threshold: 40, range: 'full' })).toEqual({
      op: 'threshold',
      maxWidth: 256,
      reference: true,
      threshold: 40,
      range: 'full',
    });
  });
});
