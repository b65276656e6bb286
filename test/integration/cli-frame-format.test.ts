/**
 * The inspect header names the format of the frames it inspects (each frame's sw_format: nv12 and p010le for NVDEC's
 * CUDA frames), not the stream's yuv420p, which the decoder context states before NVDEC is chosen. The reports are
 * the addon's own: a capture recorded on an H200, the recorded GPU run's reports, and a software decode here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatTable } from '../../electron/cli/cli-table';
import { inspectOutputSchema, type InspectOutput } from '../../contract/inspect-output';
import { frameReportSchema, streamInfoSchema } from '../../contract/report';
import { runCli } from '../support/cli-run';
import { recordedRuns } from '../support/gpu-runs';
import { fixture, ROOT } from '../support/paths';

const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));
const addonBuilt = existsSync(path.join(ROOT, 'native', 'build', 'Release', 'zerocopy_inspector.node'));
/** A capture of the sample's NVDEC frames, made on an NVIDIA H200 (FFmpeg 5.1: NVDEC's mapped surfaces). */
const GPU_CAPTURE = path.join(ROOT, 'assets', 'gpu-capture.zci');

let dir: string;

/** The header's line that names the codec, the size and the format. */
function formatLine(table: string): string {
  return table.split('\n')[1] ?? '';
}

/** The newest recorded GPU run's stream info and frame reports of one fixture, as the addon gave them there. */
function recordedFixture(file: string): {
  info: InspectOutput['stream'];
  reports: InspectOutput['frames'][number]['report'][];
} {
  const newest = recordedRuns(['reports.json']).at(-1);
  if (newest === undefined) throw new Error('no recorded GPU run with reports.json');
  const recorded = JSON.parse(readFileSync(path.join(newest.dir, 'reports.json'), 'utf8')) as {
    fixtures: { file: string; info: unknown; reports: unknown[] }[];
  };
  const found = recorded.fixtures.find((f) => f.file === file);
  if (found === undefined) throw new Error(`${newest.name} recorded no ${file}`);
  return { info: streamInfoSchema.parse(found.info), reports: found.reports.map((r) => frameReportSchema.parse(r)) };
}

describe.skipIf(!built || !addonBuilt)("the inspect header names the frames' format (needs npm run build)", () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-cli-format-'));
  });

  it("a capture of NVDEC frames: nv12 in CUDA memory, with the stream's yuv420p beside it", () => {
    const run = runCli(dir, ['inspect', GPU_CAPTURE, '--frames', '0']);
    expect(run.code, run.stderr).toBe(0);
    const line = formatLine(run.stdout);
    expect(line).toMatch(
      /^h264 High · 1920×1080 \(coded 1920×1088\) · frames nv12 in CUDA memory \(stream yuv420p\) · /,
    );
    expect(line).not.toMatch(/· yuv420p ·/);
    // The table's own format column says the same as the header.
    expect(run.stdout).toMatch(/^0 +I key +nvdec +nv12 /m);
  });

  it('10-bit NVDEC frames from the recorded GPU run: p010le in CUDA memory (stream yuv420p10le)', () => {
    const json = runCli(dir, ['inspect', GPU_CAPTURE, '--frames', '0', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const output = inspectOutputSchema.parse(JSON.parse(json.stdout));
    const template = output.frames[0];
    if (template === undefined) throw new Error('the capture printed no frame');
    const { info, reports } = recordedFixture('hevc-main10-1280x720.mp4');
    expect(info.pixelFormat).toBe('yuv420p10le');
    const main10: InspectOutput = {
      ...output,
      stream: info,
      frames: reports.map((report, index) => ({ ...template, index, report })),
    };
    expect(formatLine(formatTable(main10))).toMatch(/ · frames p010le in CUDA memory \(stream yuv420p10le\) · /);
  });

  it("software frames decoded here: the CPU path's yuv420p, the stream's own", () => {
    const run = runCli(dir, ['inspect', fixture('h264-odd-642x362.mp4'), '--frames', '0', '--decode', 'software']);
    expect(run.code, run.stderr).toBe(0);
    expect(formatLine(run.stdout)).toMatch(/ · frames yuv420p · 36 frames · decode software/);
  });
});
