/**
 * Each exit code of the command line means one thing, and --help and docs/command-line.md list the same codes: a comparison that
 * could not run (DECODER_COMPARE_UNAVAILABLE) exits 4, not 3 ("the file could not be opened").
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../contract/inspect-output';
import { runCli } from '../support/cli-run';
import { fixture, ROOT } from '../support/paths';

const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));
const addonBuilt = existsSync(path.join(ROOT, 'native', 'build', 'Release', 'zerocopy_inspector.node'));
// NVDEC cannot decode 4:4:4 H.264, and without a GPU there is no NVDEC at all: the default pair cannot run either way.
const NOT_NVDECS = fixture('h264-444-640x360.mp4');

let dir: string;

/** The "Exit codes:" section of a help text: code → its words (continuation lines joined). */
function exitCodeSection(help: string): Map<number, string> {
  const section = help.split('\nExit codes:\n')[1] ?? '';
  const codes = new Map<number, string>();
  let current: number | null = null;
  for (const line of section.split('\n')) {
    const head = /^ {2}(\d+) {2}(.*)$/.exec(line);
    if (head !== null) {
      current = Number(head[1]);
      expect(codes.has(current), `exit code ${current} listed twice`).toBe(false);
      codes.set(current, head[2] ?? '');
    } else if (current !== null && line.trim() !== '') {
      codes.set(current, `${codes.get(current) ?? ''} ${line.trim()}`);
    }
  }
  return codes;
}

/** The exit code table of docs/command-line.md: code → meaning. */
function documentedExitCodes(): Map<number, string> {
  const page = readFileSync(path.join(ROOT, 'docs', 'command-line.md'), 'utf8');
  const table = page.split('| exit code | meaning |')[1]?.split('\n\n')[0] ?? '';
  const rows = [...table.matchAll(/^\| (\d+) \| (.*) \|$/gm)];
  return new Map(rows.map((row) => [Number(row[1]), row[2] ?? '']));
}

describe.skipIf(!built || !addonBuilt)('zerocopy-inspector exit codes (needs npm run build and the addon)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-cli-exit-'));
  });

  it('a comparison whose decoder cannot run here exits 4 and says the comparison could not run', () => {
    const run = runCli(dir, ['inspect', NOT_NVDECS, '--compare-decoders', '--frames', '0']);
    expect(run.code, run.stderr).toBe(EXIT_CODES.compareUnavailable);
    expect(run.stderr).toMatch(/^zerocopy-inspector: DECODER_COMPARE_UNAVAILABLE: The decoder comparison cannot run/);
    expect(run.stdout).toBe('');
  });

  it('a file that is not there still exits 3, with --compare-decoders too', () => {
    for (const extra of [[], ['--compare-decoders', '--decoders', 'software,software']]) {
      const run = runCli(dir, ['inspect', path.join(dir, 'missing.mp4'), ...extra]);
      expect(run.code, run.stderr).toBe(EXIT_CODES.cannotOpen);
    }
  });

  it('an empty zip, an empty file and text named .zci are invalid captures (exit 3), never "not a video"', async () => {
    const { writeFile } = await import('node:fs/promises');
    const emptyZip = path.join(dir, 'empty-zip.zci');
    // The end-of-central-directory record alone: a zip archive of nothing.
    await writeFile(emptyZip, Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]));
    await writeFile(path.join(dir, 'zero.zci'), '');
    await writeFile(path.join(dir, 'text.zci'), 'not a capture\n');
    for (const name of ['empty-zip.zci', 'zero.zci', 'text.zci']) {
      const run = runCli(dir, ['inspect', path.join(dir, name)]);
      expect(run.code, run.stderr).toBe(EXIT_CODES.cannotOpen);
      expect(run.stderr).toMatch(/^zerocopy-inspector: CAPTURE_INVALID: /);
      expect(run.stderr).not.toMatch(/NOT_A_VIDEO|\.\.\n/);
    }
  });

  it('--help lists every exit code once, and 4 as the comparison that could not run', () => {
    const help = runCli(dir, ['--help']);
    const codes = exitCodeSection(help.stdout);
    expect([...codes.keys()].sort()).toEqual(Object.values(EXIT_CODES).sort());
    expect(codes.get(EXIT_CODES.compareUnavailable)).toMatch(
      /^--compare-decoders could not compare: .*DECODER_COMPARE_UNAVAILABLE/,
    );
    expect(codes.get(EXIT_CODES.cannotOpen)).not.toMatch(/compare/);
  });

  it("docs/command-line.md's table lists the same codes as --help, 4 for DECODER_COMPARE_UNAVAILABLE", () => {
    const codes = documentedExitCodes();
    expect([...codes.keys()].sort()).toEqual(Object.values(EXIT_CODES).sort());
    expect(codes.get(EXIT_CODES.compareUnavailable)).toMatch(/DECODER_COMPARE_UNAVAILABLE/);
    expect(codes.get(EXIT_CODES.ok)).toMatch(/head/);
  });
});
