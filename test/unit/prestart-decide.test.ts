/**
 * The command line's rule for starting the CUDA context early (wantsCudaContext) over the one table it shares with
 * the prestart library's decision (test/fixtures/prestart/decide-cases.json; test/native/prestart-decide.test.mjs
 * runs the library's side), so that the two cannot drift apart.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wantsCudaContext } from '../../electron/cli/gpu-lifecycle';

interface DecideCases {
  files: Record<string, string>;
  folders: string[];
  commands: { args: string[]; device: number | null; why: string }[];
}

const table = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../fixtures/prestart/decide-cases.json'), 'utf8'),
) as DecideCases;
const dir = mkdtempSync(path.join(os.tmpdir(), 'zci-prestart-'));
for (const [name, hex] of Object.entries(table.files)) writeFileSync(path.join(dir, name), Buffer.from(hex, 'hex'));
for (const name of table.folders) mkdirSync(path.join(dir, name));

describe('wantsCudaContext over the table the prestart library shares', () => {
  it.each(table.commands.map((c) => [c.why, c] as const))('%s', (_why, c) => {
    const args = c.args.map((arg) => arg.replaceAll('$DIR', dir));
    const wanted = wantsCudaContext(args);
    // '-0' gives the ordinal -0, which is device 0 (the addon's and the library's int): compared as numbers.
    expect(wanted && { device: wanted.device + 0 }).toEqual(c.device === null ? null : { device: c.device });
  });
});
