/** The built command line run as a process: its JSON against the schema, and every exit code. */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectOutputSchema } from '../../contract/inspect-output';
import { frameReportSchema } from '../../contract/report';
import { addonLoaderPath } from '../../electron/addon/addon-path';
import { loadAddon } from '../../electron/addon/load-addon';
import { editManifest, rezip, zipEntries } from '../support/zip-edit';
import { runCli, type CliRun } from '../support/cli-run';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SAMPLE = path.join(ROOT, 'assets', 'sample.mp4');
const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));
const addonBuilt = existsSync(path.join(ROOT, 'native', 'build', 'Release', 'zerocopy_inspector.node'));

// The planted wrong wrap needs NVCV to wrap the frame at all.
const nvcvLoaded = addonBuilt && loadAddon(addonLoaderPath(ROOT)).addon?.environment().nvcv.loaded === true;

let dir: string;

/** Runs the CLI in dir; returns its exit code and output. */
function cli(...args: string[]): CliRun {
  return runCli(dir, args);
}

/** Copies a capture with capture.json edited. */
// The manifest is edited as loose JSON on purpose: the edits make it say what no decoder reported.
async function editCapture(
  from: string,
  to: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  edit: (manifest: any) => void,
  options: { unsign?: boolean } = {},
): Promise<string> {
  await writeFile(to, editManifest(await readFile(from), edit, options));
  return to;
}

describe.skipIf(!built || !addonBuilt)('zerocopy-inspector (needs npm run build and the addon)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-cli-'));
    const made = cli('capture', SAMPLE, '--frames', '0,5', '-o', 'sample.zci', '--thumb-width', '64');
    expect(made, made.stderr).toMatchObject({ code: 0 });
  }, 60_000);

  it('inspect --json prints output that validates against the schema, and exits 0', () => {
    const { code, stdout } = cli('inspect', SAMPLE, '--frames', '0-2', '--json');
    expect(code).toBe(0);
    const output = inspectOutputSchema.parse(JSON.parse(stdout));
    expect(output.frames.map((f) => f.index)).toEqual([0, 1, 2]);
    for (const frame of output.frames) expect(frameReportSchema.parse(frame.report).frameIndex).toBe(frame.index);
    expect(output).toMatchObject({ input: { kind: 'video', capture: null }, summary: { ok: true, exitCode: 0 } });
    expect(output.stream.frameCount).toBe(96);
    // Written frame by frame, yet the same text as the whole output serialised at once.
    expect(stdout).toBe(`${JSON.stringify(JSON.parse(stdout), null, 2)}\n`);
  });

  it('inspect --json of every frame reaches a pipe whole before the process ends', () => {
    // Far more than a pipe holds: the process ends only once Node has handed all of it to the kernel.
    const { code, stdout } = cli('inspect', SAMPLE, '--json', '--no-proof');
    expect(code).toBe(0);
    expect(stdout.length).toBeGreaterThan(256 * 1024);
    expect(inspectOutputSchema.parse(JSON.parse(stdout)).frames).toHaveLength(96);
  });

  it('inspect --json of a capture is the whole output serialised at once', () => {
    const { stdout } = cli('inspect', 'sample.zci', '--json');
    expect(stdout).toBe(`${JSON.stringify(JSON.parse(stdout), null, 2)}\n`);
  });

  it('prints a table by default', () => {
    const { code, stdout } = cli('inspect', 'sample.zci');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^frame +type +path +format +planes +pointers/m);
    expect(stdout).toContain('capture made');
    expect(stdout).toContain('2 frames: 2 ok, 0 failed');
  });

  it("signs what it captures with this installation's key, and says who signed what it replays", async () => {
    const mine = cli('inspect', 'sample.zci');
    expect(mine.stdout).toMatch(/^signature: signed by this installation · key ([0-9a-f]{4} ){15}[0-9a-f]{4}$/m);
    const json = inspectOutputSchema.parse(JSON.parse(cli('inspect', 'sample.zci', '--json').stdout));
    expect(json.input.capture?.signature).toMatchObject({ state: 'signed', thisInstallation: true });
    // The bundled capture was signed on the H200 that made it: a key that is not this installation's.
    const h200 = cli('inspect', path.join(ROOT, 'assets', 'gpu-capture.zci'));
    expect(h200.code).toBe(0);
    expect(h200.stdout).toMatch(/^signature: signed by another installation · key [0-9a-f]{4}( [0-9a-f]{4}){15}$/m);
    await editCapture(path.join(dir, 'sample.zci'), path.join(dir, 'edited.zci'), (manifest) => {
      manifest.frames[0].report.timeSeconds += 1;
    });
    const edited = cli('inspect', 'edited.zci');
    expect(edited.stdout).toMatch(/^signature: TAMPERED: the evidence was changed after it was signed · key /m);
    // Saving part of an edited capture would sign what this installation did not record.
    expect(cli('capture', 'edited.zci', '-o', 'laundered.zci')).toMatchObject({
      code: 3,
      stderr: expect.stringContaining('was changed after it was signed'),
    });
  });

  it('exits 1 on a tampered capture; with --strict also on unsigned, foreign or laundered provenance', async () => {
    const noop = (): void => undefined;
    // Every frame's checks pass in each of these: the exit code is the signature's alone.
    const stripped = editManifest(await readFile(path.join(dir, 'sample.zci')), noop);
    const entries = zipEntries(stripped);
    entries.delete('signature.json');
    await writeFile(path.join(dir, 'stripped.zci'), rezip(entries));
    const removed = cli('inspect', 'stripped.zci');
    expect(removed.code).toBe(1);
    expect(removed.stdout).toMatch(/^signature: TAMPERED: signature.json was removed/m);
    expect(removed.stdout).toContain("the capture's signature fails this run: tampered");
    await editCapture(path.join(dir, 'sample.zci'), path.join(dir, 'unsigned.zci'), noop, { unsign: true });
    expect(cli('inspect', 'unsigned.zci').code).toBe(0);
    const strict = cli('inspect', 'unsigned.zci', '--strict', '--json');
    expect(strict.code).toBe(1);
    expect(inspectOutputSchema.parse(JSON.parse(strict.stdout)).summary).toMatchObject({
      failed: 0,
      provenance: 'unsigned',
      exitCode: 1,
    });
    // Re-saving it here signs it, and records under that signature what it was made from.
    expect(cli('capture', 'unsigned.zci', '-o', 'resaved.zci').code).toBe(0);
    const resaved = cli('inspect', 'resaved.zci');
    expect(resaved.code).toBe(0);
    expect(resaved.stdout).toMatch(
      /^signature: signed by this installation · key [0-9a-f ]+ · re-saved from a capture that was unsigned \(sha256 [0-9a-f]{12}…\)$/m,
    );
    const resavedStrict = cli('inspect', 'resaved.zci', '--strict');
    expect(resavedStrict.code).toBe(1);
    expect(resavedStrict.stdout).toContain(
      "the capture's signature fails this run: re-saved from a capture that was unsigned",
    );
    expect(cli('inspect', 'sample.zci', '--strict').code).toBe(0);
  });

  it('writes nothing a terminal acts on, on stdout or stderr, whatever a capture or a file name holds', async () => {
    // eslint-disable-next-line no-control-regex
    const unsafe = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    const hostile = 'h264\u001b]0;owned\u0007\u001b[2J\u202e';
    await editCapture(
      path.join(dir, 'sample.zci'),
      path.join(dir, 'escapes.zci'),
      (manifest) => {
        manifest.stream.codec = hostile;
        manifest.machine.hostname = hostile;
      },
      { unsign: true },
    );
    const runs = [
      cli('inspect', 'escapes.zci'),
      cli('inspect', 'escapes.zci', '--json'),
      cli('inspect', 'escapes.zci', '--code', 'python'),
      cli('capture', 'escapes.zci', '-o', `out${hostile}.zci`),
      cli('inspect', `missing${hostile}.mp4`),
      cli('capture', 'escapes.zci', '-o', `bad${hostile}`),
    ];
    for (const run of runs) {
      expect(run.stdout, run.stdout).not.toMatch(unsafe);
      expect(run.stderr, run.stderr).not.toMatch(unsafe);
    }
    expect(runs[0]!.stdout).toContain('h264\\u001b]0;owned');
    const json = inspectOutputSchema.parse(JSON.parse(runs[1]!.stdout));
    expect(json.input.capture?.hostname).toBe(hostile);
    expect(runs[3]!.stdout).toContain('wrote ');
    expect(runs[4]!.stderr).toContain('missing');
  });

  it('keeps an existing file unless --overwrite, and removes partial files a crashed writer left', async () => {
    const again = cli('capture', SAMPLE, '--frames', '1', '-o', 'sample.zci', '--thumb-width', '64');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists; a capture does not replace a file unless asked to');
    expect(cli('inspect', 'sample.zci', '--json').stdout).toContain('"frames": 2');
    const replaced = cli('capture', SAMPLE, '--frames', '1', '-o', 'over.zci', '--thumb-width', '64', '--overwrite');
    expect(replaced.code).toBe(0);
    const leftover = path.join(dir, 'over.zci.deadbeef.partial');
    await writeFile(leftover, 'half a capture');
    const records = path.join(dir, 'config', 'zerocopy-inspector', 'pending-captures');
    await mkdir(records, { recursive: true });
    await writeFile(
      path.join(records, 'gone.json'),
      JSON.stringify({ path: leftover, pid: 4_194_305, host: os.hostname() }),
    );
    expect(cli('inspect', 'over.zci').code).toBe(0);
    expect(existsSync(leftover)).toBe(false);
    expect(await readdir(records)).toEqual([]);
  });

  it('capture writes a capture that inspect replays without the decoder', () => {
    const { code, stdout } = cli('inspect', 'sample.zci', '--json');
    expect(code).toBe(0);
    const output = inspectOutputSchema.parse(JSON.parse(stdout));
    expect(output.input.kind).toBe('capture');
    expect(output.frames.map((f) => f.index)).toEqual([0, 5]);
    expect(output.stream.path).toBe('sample.mp4');
  });

  it('exits 1 on a capture whose report says a plane does not match', async () => {
    await editCapture(
      path.join(dir, 'sample.zci'),
      path.join(dir, 'mismatch.zci'),
      (manifest) => {
        const plane = manifest.frames[1].report.planes[1];
        plane.nvcvPointer = `0x${(BigInt(plane.ffmpegPointer) + 64n).toString(16)}`;
        plane.match = false;
      },
      { unsign: true },
    );
    const table = cli('inspect', 'mismatch.zci');
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/^5 .*MISMATCH.*FAIL$/m);
    expect(table.stdout).toContain('frame 5: pointers: plane 1');
    const json = cli('inspect', 'mismatch.zci', '--json');
    expect(json.code).toBe(1);
    expect(inspectOutputSchema.parse(JSON.parse(json.stdout)).summary).toMatchObject({ failed: 1, exitCode: 1 });
    expect(json.stdout).toBe(`${JSON.stringify(JSON.parse(json.stdout), null, 2)}\n`);
    expect(cli('inspect', 'mismatch.zci', '--frames', '0').code).toBe(0);
  });

  it('exits 1 on a capture whose aliasing proof failed', async () => {
    await editCapture(
      path.join(dir, 'sample.zci'),
      path.join(dir, 'proof.zci'),
      (manifest) => {
        manifest.frames[0].report.aliasing.passed = false;
      },
      { unsign: true },
    );
    const { code, stdout } = cli('inspect', 'proof.zci');
    expect(code).toBe(1);
    expect(stdout).toMatch(/^0 .*FAILED.*FAIL$/m);
  });

  it.skipIf(!nvcvLoaded)('capture exits 1 when a frame it captured fails its checks, and still writes it', () => {
    // A planted wrong wrap (the addon's test hook): NVCV wraps the chroma plane one row after FFmpeg's pointer.
    const args = ['capture', SAMPLE, '--frames', '0,1', '--thumb-width', '64', '-o'];
    const planted = runCli(dir, [...args, 'planted.zci'], { ZCI_PLANT_WRAP: 'chroma-row' });
    expect(planted.code, planted.stderr).toBe(1);
    expect(planted.stdout).toMatch(/^wrote .*planted\.zci: 2 frames \(0-1\)/m);
    expect(planted.stdout).toContain('checks failed on frames 0-1');
    const replay = cli('inspect', 'planted.zci', '--json');
    expect(replay.code).toBe(1);
    const output = inspectOutputSchema.parse(JSON.parse(replay.stdout));
    for (const frame of output.frames) expect(frame.report?.wrap.planted).toMatch(/^chroma-row/);
    // The same capture without the fault exits 0: the exit code is the checks'.
    expect(cli(...args, 'unplanted.zci').code).toBe(0);
  });

  it('exits 1 with --strict when a check could not run, 0 without', () => {
    expect(cli('inspect', SAMPLE, '--frames', '0', '--no-proof').code).toBe(0);
    const strict = cli('inspect', SAMPLE, '--frames', '0', '--no-proof', '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('frame 0: aliasing: proof not run');
  });

  it('exits 2 on usage errors, including frames the file does not have', () => {
    expect(cli().code).toBe(2);
    expect(cli('inspect', SAMPLE, '--frames', '2-1').code).toBe(2);
    const past = cli('inspect', SAMPLE, '--frames', '96');
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('it has 96 frames');
    expect(cli('inspect', 'sample.zci', '--frames', '3').stderr).toContain('it holds frames 0, 5');
    expect(cli('capture', SAMPLE, '-o', 'out.txt').code).toBe(2);
    expect(cli('--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('Exit codes:') });
  });

  it('exits 3 when the file cannot be opened, saying why', async () => {
    const missing = cli('inspect', 'no-such.mp4');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('FILE_NOT_FOUND');
    await writeFile(path.join(dir, 'damaged.zci'), (await readFile(path.join(dir, 'sample.zci'))).subarray(0, 5000));
    expect(cli('inspect', 'damaged.zci')).toMatchObject({
      code: 3,
      stderr: expect.stringContaining('CAPTURE_INVALID'),
    });
    await editCapture(path.join(dir, 'sample.zci'), path.join(dir, 'future.zci'), (manifest) => {
      manifest.formatVersion = 99;
    });
    expect(cli('inspect', 'future.zci')).toMatchObject({ code: 3, stderr: expect.stringContaining('CAPTURE_TOO_NEW') });
    await copyFile(path.join(ROOT, 'test', 'fixtures', 'audio-only.m4a'), path.join(dir, 'audio.m4a'));
    expect(cli('inspect', 'audio.m4a')).toMatchObject({ code: 3, stderr: expect.stringContaining('NO_VIDEO_STREAM') });
  });
});
