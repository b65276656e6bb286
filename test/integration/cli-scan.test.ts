/**
 * `zerocopy-inspector scan` as a process over real files: every line against its schema, findings grouped by cause,
 * the captures of failing frames opening again, bad input getting its own typed line, a resumed scan skipping what
 * it finished, and every exit code.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanLineSchema, SCAN_EXIT_CODES, type ScanLine } from '../../contract/scan';
import { inspectOutputSchema } from '../../contract/inspect-output';
import { runCli } from '../support/cli-run';
import { ROOT } from '../support/paths';

const FIXTURES = path.join(ROOT, 'test', 'fixtures');
const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));
const addonBuilt = existsSync(path.join(ROOT, 'native', 'build', 'Release', 'zerocopy_inspector.node'));

let dir: string;

/** The results file's lines, each checked against the schema. */
async function linesOf(file: string): Promise<ScanLine[]> {
  const text = await readFile(path.join(dir, file), 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => scanLineSchema.parse(JSON.parse(line)));
}

const byName = (lines: ScanLine[], name: string): ScanLine | undefined =>
  lines.find((line) => path.basename(line.key.path) === name);

describe.skipIf(!built || !addonBuilt)('zerocopy-inspector scan (needs npm run build and the addon)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-scan-'));
    const corpus = path.join(dir, 'corpus');
    await mkdir(path.join(corpus, 'nested'), { recursive: true });
    for (const name of ['vp9-odd-641x361.webm', 'mpeg2-640x360.mkv'])
      await copyFile(path.join(FIXTURES, name), path.join(corpus, name));
    await copyFile(path.join(FIXTURES, 'h264-odd-642x362.mp4'), path.join(corpus, 'nested', 'h264.mp4'));
    // Bad input: not a video, a truncated video, a link back to the corpus itself, and a file that is not video by
    // name (left out of a folder walk).
    await writeFile(path.join(corpus, 'notes.mp4'), 'these are not video bytes\n');
    await copyFile(path.join(FIXTURES, 'h264-1080p-420.mp4'), path.join(corpus, 'cut.mp4'));
    await truncate(path.join(corpus, 'cut.mp4'), 20_000);
    await symlink(corpus, path.join(corpus, 'nested', 'loop'));
    await writeFile(path.join(corpus, 'readme.txt'), 'not scanned: its name does not end like video\n');
  }, 60_000);

  it('scans every video of the folders, one valid line a file, bad input typed, and a second run resumes', async () => {
    const run = runCli(dir, ['scan', 'corpus', '-o', 'first.jsonl', '--report', 'first.html', '--decoders', '2']);
    expect(run.stderr).toBe('');
    const lines = await linesOf('first.jsonl');
    const names = lines.map((line) => path.basename(line.key.path)).sort();
    expect(names).toEqual(['cut.mp4', 'h264.mp4', 'loop', 'mpeg2-640x360.mkv', 'notes.mp4', 'vp9-odd-641x361.webm']);
    expect(byName(lines, 'notes.mp4')?.error?.code).toBe('NOT_A_VIDEO');
    expect(byName(lines, 'loop')?.status).toBe('error');
    expect(byName(lines, 'loop')?.error?.message).toMatch(/link loop/);
    const cut = byName(lines, 'cut.mp4');
    expect(cut?.status === 'error' || cut?.findings.length !== 0 || cut?.stream !== null).toBe(true);
    for (const name of ['vp9-odd-641x361.webm', 'mpeg2-640x360.mkv', 'h264.mp4']) {
      const line = byName(lines, name);
      expect(line?.status, name).toBe('clean');
      expect(line?.frames, name).toBe(line?.stream?.containerFrames);
      expect(line?.proofFrames, name).toBeGreaterThan(0);
    }
    // Files that could not be scanned make the run fail for CI, not crash it.
    expect(run.code).toBe(SCAN_EXIT_CODES.findings);
    expect(run.stdout).toMatch(/not scanned, NOT_A_VIDEO: 1 file/);
    expect(run.stdout).toMatch(/^decoders: 2 files at once \(--decoders 2\)$/m);
    const html = await readFile(path.join(dir, 'first.html'), 'utf8');
    expect(html).toContain('vp9-odd-641x361.webm');
    expect(html).not.toContain('<script');

    const again = runCli(dir, ['scan', 'corpus', '-o', 'first.jsonl']);
    expect(again.stdout).toMatch(/scanned 0 now \(6 from \S*first\.jsonl\)/);
    // No GPU here: the engines cannot be counted, and the line says so beside the default it fell back to.
    expect(again.stdout).toMatch(
      /^decoders: 4 files at once, the default: the driver could not be asked for device 0's NVDEC engines: .+ \(--decoders N chooses\)$/m,
    );
    expect(await linesOf('first.jsonl')).toHaveLength(6);
  }, 240_000);

  it('takes the largest file first: one decoder writes the results of a folder in falling size', async () => {
    const run = runCli(dir, ['scan', FIXTURES, '-o', 'order.jsonl', '--decoders', '1', '--decode', 'software']);
    expect(run.code, run.stderr).toBe(SCAN_EXIT_CODES.findings);
    const sizes = (await linesOf('order.jsonl')).map((line) => line.key.size);
    expect(sizes.length).toBeGreaterThan(10);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  }, 120_000);

  it('a damaged file is a decode-error finding on exactly its concealed frames, the same words on every scan', async () => {
    const video = path.join(FIXTURES, 'h264-damaged-642x362.mp4');
    const findings = [];
    for (const out of ['damaged-1.jsonl', 'damaged-2.jsonl']) {
      const run = runCli(dir, ['scan', video, '-o', out, '--decode', 'software', '--compare-every', '0']);
      expect(run.code).toBe(SCAN_EXIT_CODES.findings);
      expect(run.stdout).toMatch(/^decoders: 4 files at once, the default: software decoding counts no NVDEC engine/m);
      const [line] = await linesOf(out);
      const found = line?.findings.find((f) => f.check === 'decode-error');
      expect(found, JSON.stringify(line?.findings)).toBeDefined();
      expect(found?.frames).toBe(3);
      expect(found?.firstFrame).toBe(1);
      expect(found?.detail).toMatch(/cabac|error while decoding MB/);
      findings.push(line?.findings);
    }
    expect(findings[1]).toEqual(findings[0]);
  }, 120_000);

  it('a planted wrong wrap is a finding grouped by cause, with a capture of the first failing frame that opens', async () => {
    const video = path.join(FIXTURES, 'vp9-odd-641x361.webm');
    const run = runCli(dir, ['scan', video, '-o', 'planted.jsonl', '--proof-every', '0'], {
      ZCI_PLANT_WRAP: 'chroma-row',
    });
    expect(run.code).toBe(SCAN_EXIT_CODES.findings);
    const [line] = await linesOf('planted.jsonl');
    expect(line?.status).toBe('findings');
    const pointers = line?.findings.find((f) => f.check === 'pointers');
    expect(pointers?.frames).toBe(line?.frames);
    expect(pointers?.firstFrame).toBe(0);
    expect(pointers?.cause).toMatch(/NVCV's exported pointer is not FFmpeg's \(U\)/);
    expect(line?.proofFrames).toBe(0);
    expect(run.stdout).toContain(`${pointers?.cause ?? '?'}: 1 file, ${line?.frames ?? '?'} frames: odd-height vp9`);
    const capture = line?.capture ?? '';
    expect(path.dirname(capture)).toBe(path.join(dir, 'planted.captures'));
    const inspected = runCli(dir, ['inspect', capture, '--json']);
    const output = inspectOutputSchema.parse(JSON.parse(inspected.stdout));
    expect(output.frames.map((f) => f.index)).toEqual([0]);
    expect(output.frames[0]?.report?.wrap.planted).toMatch(/^chroma-row/);
  }, 120_000);

  it('--compare-every runs the decoder A/B on sampled frames: a chroma row planted in the frames is named by cause', async () => {
    const video = path.join(FIXTURES, 'mpeg2-odd-640x361.mkv');
    const clean = runCli(dir, ['scan', video, '-o', 'compared-clean.jsonl', '--compare-every', '12', '--no-captures']);
    expect(clean.code, clean.stderr).toBe(SCAN_EXIT_CODES.clean);
    const planted = runCli(dir, ['scan', video, '-o', 'compared.jsonl', '--compare-every', '12', '--no-captures'], {
      ZCI_PLANT_FRAME: 'chroma-row',
    });
    expect(planted.code).toBe(SCAN_EXIT_CODES.findings);
    const [line] = await linesOf('compared.jsonl');
    const compare = line?.findings.filter((f) => f.check === 'compare') ?? [];
    expect(compare).toHaveLength(1);
    expect(compare[0]).toMatchObject({ frames: 2, firstFrame: 0 });
    expect(compare[0]?.cause).toBe(
      "the decoder A/B: U identical when read 1 row before FFmpeg's pointer: a plane-offset mistake; V identical when read 1 row before FFmpeg's pointer: a plane-offset mistake",
    );
    expect(planted.stdout).toContain(`${compare[0]?.cause ?? '?'}: 1 file, 2 frames: odd-height mpeg2video`);
    const usage = runCli(dir, ['scan', video, '-o', 'x.jsonl', '--compare-every', '-1']);
    expect(usage.code).toBe(SCAN_EXIT_CODES.usage);
  }, 120_000);

  it('--compare-jobs sizes the A/B pool: the lines of 1 and of 3 at once agree, and a bad value is a usage error', async () => {
    const corpus = ['mpeg2-odd-640x361.mkv', 'vp9-odd-641x361.webm', 'mpeg2-640x360.mkv'].map((name) =>
      path.join(FIXTURES, name),
    );
    const timeless = (lines: ScanLine[]): unknown[] =>
      lines.map(({ elapsedMs: _elapsed, ...rest }) => rest).sort((a, b) => a.key.path.localeCompare(b.key.path));
    const common = ['--compare-every', '6', '--no-captures', '--decoders', '2'];
    const one = runCli(dir, ['scan', ...corpus, '-o', 'jobs-1.jsonl', '--compare-jobs', '1', ...common]);
    expect(one.code, one.stderr).toBe(SCAN_EXIT_CODES.clean);
    const three = runCli(dir, ['scan', ...corpus, '-o', 'jobs-3.jsonl', '--compare-jobs', '3', ...common]);
    expect(three.code, three.stderr).toBe(SCAN_EXIT_CODES.clean);
    expect(timeless(await linesOf('jobs-3.jsonl'))).toEqual(timeless(await linesOf('jobs-1.jsonl')));
    for (const bad of ['0', '33', 'many']) {
      const usage = runCli(dir, ['scan', ...corpus, '-o', 'jobs-bad.jsonl', '--compare-jobs', bad]);
      expect(usage.code, bad).toBe(SCAN_EXIT_CODES.usage);
      expect(usage.stderr).toContain(`--compare-jobs needs a whole number from 1 to 32, not "${bad}"`);
    }
    expect((await readdir(dir)).includes('jobs-bad.jsonl')).toBe(false);
    expect(runCli(dir, ['scan', '--help']).stdout).toMatch(/--compare-jobs N/);
  }, 120_000);

  it('exits 3 when nothing could be scanned and 2 on a usage error, writing nothing for the latter', async () => {
    const nothing = runCli(dir, ['scan', path.join(dir, 'missing.mp4'), '-o', 'nothing.jsonl']);
    expect(nothing.code).toBe(SCAN_EXIT_CODES.nothingScanned);
    expect((await linesOf('nothing.jsonl'))[0]?.error?.code).toBe('FILE_UNREADABLE');
    const usage = runCli(dir, ['scan', 'corpus', '--decoders', '0', '-o', 'usage.jsonl']);
    expect(usage.code).toBe(SCAN_EXIT_CODES.usage);
    expect(usage.stderr).toMatch(/--decoders needs a whole number/);
    expect((await readdir(dir)).includes('usage.jsonl')).toBe(false);
    await rm(path.join(dir, 'nothing.jsonl'));
  }, 60_000);

  it('a last line cut short by a stop is scanned again, the lines before it kept', async () => {
    const video = path.join(FIXTURES, 'mpeg2-640x360.mkv');
    const other = path.join(FIXTURES, 'vp9-640x360.webm');
    runCli(dir, ['scan', video, other, '-o', 'cut.jsonl', '--decoders', '1']);
    const whole = await readFile(path.join(dir, 'cut.jsonl'), 'utf8');
    const [first = ''] = whole.split('\n');
    await writeFile(path.join(dir, 'cut.jsonl'), `${first}\n${whole.split('\n')[1]?.slice(0, 40) ?? ''}`);
    const resumed = runCli(dir, ['scan', video, other, '-o', 'cut.jsonl', '--decoders', '1']);
    expect(resumed.stdout).toMatch(/scanned 1 now \(1 from \S*cut\.jsonl\)/);
  }, 120_000);
});
