// A whole-number option reads the same in every command's parser (inspect and capture's, scan's): digits only, both
// ends of its bounds included, and each parser's own usage error naming the option, its bounds and what was given.
import { expect, it } from 'vitest';
import { DEVICE_ORDINAL } from '../../contract/vocabulary';
import { parseCli, UsageError } from '../../electron/cli/cli-args';
import { wholeOption } from '../../electron/scan/whole-option';
import { parseScanArgs, ScanUsageError } from '../../electron/scan/scan-args';

it('takes digits within the bounds, both ends included, and null when the option is absent', () => {
  const bounds = { min: 1, max: 32 };
  expect(wholeOption(undefined, 'decoders', bounds, UsageError)).toBeNull();
  expect(wholeOption('1', 'decoders', bounds, UsageError)).toBe(1);
  expect(wholeOption('32', 'decoders', bounds, UsageError)).toBe(32);
  for (const bad of ['0', '33', '-1', '1.5', '1e1', ' 2', '', 'two'])
    expect(() => wholeOption(bad, 'decoders', bounds, UsageError), bad).toThrow(
      `--decoders needs a whole number from 1 to 32, not "${bad}"`,
    );
});

it('throws the usage error of the parser that asked, with the same words in both', () => {
  const words = `--device needs a whole number from ${DEVICE_ORDINAL.min} to ${DEVICE_ORDINAL.max}, not "64"`;
  expect(() => parseCli(['inspect', 'a.mp4', '--device', '64'])).toThrow(UsageError);
  expect(() => parseCli(['inspect', 'a.mp4', '--device', '64'])).toThrow(words);
  expect(() => parseScanArgs(['corpus', '--device', '64'])).toThrow(ScanUsageError);
  expect(() => parseScanArgs(['corpus', '--device', '64'])).toThrow(words);
  expect(parseScanArgs(['corpus', '--device', '3']).device).toBe(3);
  expect(parseScanArgs(['corpus']).decoders).toBeNull();
  expect(parseScanArgs(['corpus', '--decoders', '32']).decoders).toBe(32);
});
