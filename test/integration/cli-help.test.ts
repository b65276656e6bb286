/**
 * `zerocopy-inspector --help`: every option the parser takes is named once, at the left, and each option's words
 * stay in their own column, wrapped within the width, so no option's text runs on under the next option's name.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { usage } from '../../electron/cli/cli-args';
import { CLI_OPTIONS } from '../../electron/cli/cli-options';
import { HELP_WIDTH } from '../../electron/cli/help-text';
import { runCli } from '../support/cli-run';
import { ROOT } from '../support/paths';

const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));

/** The options parseCli hands to parseArgs (its one table, cli-options.ts): the list the help must cover. */
function parserOptions(): string[] {
  return Object.keys(CLI_OPTIONS);
}

/** The lines of one section ("Options") of a help text, up to the next blank line. */
function section(help: string, title: string): string[] {
  return (help.split(`\n${title}:\n`)[1] ?? '').split('\n\n')[0]?.split('\n') ?? [];
}

/**
 * Checks one help text: width, one head per option, every other line in the words' column (where `strict`, never
 * starting with an option's name either, which the wrap avoids where the words around it fit).
 */
function checkLayout(help: string, width: number, strict: boolean): void {
  for (const line of help.split('\n')) expect(line.length, `wider than ${width}: "${line}"`).toBeLessThanOrEqual(width);
  const lines = section(help, 'Options');
  const heads = lines.filter((line) => /^ {2}-/.test(line));
  // Where the first option's words start: after its head and two or more spaces.
  const column = /^ {2}\S.*? {2,}(?=\S)/.exec(heads[0] ?? '')?.[0].length ?? 0;
  expect(column).toBeGreaterThan(2);
  const named: string[] = [];
  for (const line of lines) {
    if (/^ {2}-/.test(line)) {
      // "  -o, --output FILE    words": the head ends where the words' column starts.
      expect(line.slice(column - 2, column), `head runs into its words: "${line}"`).toBe('  ');
      expect(line[column], `no words after the head: "${line}"`).toMatch(/\S/);
      const long = /--([a-z][a-z-]*)/.exec(line.slice(0, column))?.[1];
      expect(long, line).toBeDefined();
      named.push(long ?? '');
    } else {
      // A wrapped line: in the words' column exactly.
      expect(line.slice(0, column), `not in the words' column: "${line}"`).toBe(' '.repeat(column));
      expect(line[column], `not in the words' column: "${line}"`).toMatch(/\S/);
      if (strict) expect(line[column], `wrapped line starts like an option: "${line}"`).not.toBe('-');
    }
  }
  const options = parserOptions();
  expect(options.length).toBeGreaterThan(15);
  expect([...named].sort()).toEqual([...options].sort());
}

describe('zerocopy-inspector --help', () => {
  it.skipIf(!built)(
    'printed by the command to a pipe: every option once, each in its own lines, within 100 columns',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-cli-help-'));
      const run = runCli(dir, ['--help']);
      expect(run.code).toBe(0);
      expect(run.stdout.length).toBeGreaterThan(0);
      checkLayout(run.stdout.trimEnd(), HELP_WIDTH.piped, true);
      // --device's words end before --operator-device's entry begins.
      const lines = section(run.stdout, 'Options');
      const device = lines.findIndex((line) => line.startsWith('  --device N '));
      const next = lines.findIndex((line, i) => i > device && /^ {2}-/.test(line));
      expect(lines[next]).toMatch(/^ {2}--operator-device N {2}the device operator previews run on/);
      expect(lines.slice(device, next).join(' ')).toMatch(/unless\s+--operator-device names another$/);
    },
  );

  it.each([HELP_WIDTH.min, 80, HELP_WIDTH.max])('laid out for a %i-column terminal the same way', (width) => {
    checkLayout(usage(width), width, false);
  });
});
