/** The parts of scan that need no addon: the runs of frames, causes across files, the summary, the results file, args. */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frameChecks } from '../../contract/checks';
import { SCAN_LINE_VERSION, type ScanLine } from '../../contract/scan';
import { DEFAULT_PROOF_EVERY, parseScanArgs, ScanUsageError } from '../../electron/scan/scan-args';
import { addFrameFindings, causeOf, groupFinding } from '../../electron/scan/scan-causes';
import { frameRuns } from '../../electron/scan/scan-file';
import { listedPaths, scanKeyOf } from '../../electron/scan/scan-inputs';
import { escapeHtml, reportHtml } from '../../electron/scan/scan-report';
import { readResults, ResultsWriter } from '../../electron/scan/scan-results';
import { summarise, summaryText } from '../../electron/scan/scan-summary';
import { chromaOneRowBeforeDecoderFrame } from '../support/fault-reports';
import { paddedNv12Device } from '../support/reports';

/** A results line for a file of the given codec and height, with the findings given. */
function line(file: string, codec: string, height: number, findings: ScanLine['findings']): ScanLine {
  return {
    version: SCAN_LINE_VERSION,
    key: { path: file, size: 1, mtimeMs: 1, headSha256: 'a'.repeat(64) },
    status: findings.length > 0 ? 'findings' : 'clean',
    error: null,
    stream: {
      codec,
      profile: '',
      width: 640,
      height,
      codedWidth: 640,
      codedHeight: height,
      pixelFormat: 'nv12',
      bitDepth: 8,
      decodePath: 'nvdec',
      decodePathReason: '',
      containerFrames: 10,
      containerFramesExact: true,
    },
    frames: 10,
    unchecked: 0,
    proofFrames: 1,
    findings,
    capture: null,
    elapsedMs: 1,
  };
}

describe('frameRuns', () => {
  it('puts each proof frame in a call of its own and the frames between in batches, covering every frame once', () => {
    const runs = frameRuns(0, 25, 10, 4);
    expect(runs.filter((r) => r.proof).map((r) => r.frames)).toEqual([[0], [10], [20]]);
    expect(runs.every((r) => r.frames.length <= 4)).toBe(true);
    expect(runs.flatMap((r) => r.frames)).toEqual([...Array(25).keys()]);
    expect(frameRuns(0, 5, 0, 8)).toEqual([{ frames: [0, 1, 2, 3, 4], proof: false }]);
  });
});

describe('causes', () => {
  it("name the decoder witness's one-row fault without addresses, the same for every frame", () => {
    const report = chromaOneRowBeforeDecoderFrame();
    const check = frameChecks(report).find((c) => c.name === 'decoder')!;
    expect(causeOf(check, report)).toBe("FFmpeg's chroma pointer 1 row before where NVDEC wrote the plane");
    const findings = new Map();
    addFrameFindings(findings, 4, report, frameChecks(report));
    addFrameFindings(findings, 5, { ...report, frameIndex: 5 }, frameChecks(report));
    expect([...findings.values()]).toMatchObject([{ check: 'decoder', frames: 2, firstFrame: 4 }]);
  });

  it('are grouped by one function: by check and cause, the first frame keeping its detail, each later one counted', () => {
    const findings = new Map();
    const detail = (words: string) => () => words;
    groupFinding(findings, 'compare', 'the decoder A/B: a cause', 8, detail('first'));
    groupFinding(findings, 'compare', 'the decoder A/B: a cause', 16, () => {
      throw new Error('a later frame of a cause does not build its detail');
    });
    groupFinding(findings, 'decoder', 'the decoder A/B: a cause', 24, detail('another check'));
    expect([...findings.values()]).toEqual([
      { check: 'compare', cause: 'the decoder A/B: a cause', frames: 2, firstFrame: 8, detail: 'first' },
      { check: 'decoder', cause: 'the decoder A/B: a cause', frames: 1, firstFrame: 24, detail: 'another check' },
    ]);
  });

  it('leave passing checks out', () => {
    const findings = new Map();
    addFrameFindings(findings, 0, paddedNv12Device(), frameChecks(paddedNv12Device()));
    expect(findings.size).toBe(0);
  });
});

describe('the summary', () => {
  it('groups one cause across files with what the files have in common, and counts clean files and errors', () => {
    const cause = "FFmpeg's chroma pointer 1 row before where NVDEC wrote the plane";
    const finding = { check: 'decoder' as const, cause, frames: 10, firstFrame: 0, detail: '' };
    const lines = [
      line('/a/odd.webm', 'vp9', 361, [finding]),
      line('/a/odd2.mkv', 'mpeg2video', 241, [finding]),
      line('/a/even.mp4', 'h264', 1080, []),
      {
        ...line('/a/bad.mp4', 'h264', 2, []),
        status: 'error' as const,
        stream: null,
        error: { code: 'NOT_A_VIDEO' as const, message: 'x', remedy: 'y' },
      },
    ];
    const summary = summarise(lines);
    expect(summary).toMatchObject({ files: 4, clean: 1, withFindings: 2, errors: 1, frames: 40 });
    expect(summary.causes).toEqual([
      {
        check: 'decoder',
        cause,
        files: ['/a/odd.webm', '/a/odd2.mkv'],
        frames: 20,
        kinds: ['odd-height mpeg2video', 'odd-height vp9'],
      },
    ]);
    expect(summaryText(summary)).toContain(`${cause}: 2 files, 20 frames: odd-height mpeg2video, odd-height vp9`);
    const html = reportHtml(summary, lines, '/a/report.html');
    expect(html).toContain(escapeHtml(cause));
    expect(html).toContain('NOT_A_VIDEO');
  });

  it('is the same for any order the files finished in, the most frequent kind first', () => {
    const finding = { check: 'decoder' as const, cause: 'c', frames: 1, firstFrame: 0, detail: '' };
    const lines = [
      line('/a/z.webm', 'vp9', 361, [finding]),
      line('/a/m.mkv', 'mpeg2video', 241, [finding]),
      line('/a/b.webm', 'vp9', 241, [finding]),
      {
        ...line('/a/y.mp4', 'h264', 2, []),
        status: 'error' as const,
        stream: null,
        error: { code: 'NOT_A_VIDEO' as const, message: 'x', remedy: 'y' },
      },
      {
        ...line('/a/x.mp4', 'h264', 2, []),
        status: 'error' as const,
        stream: null,
        error: { code: 'NOT_A_VIDEO' as const, message: 'x', remedy: 'y' },
      },
      {
        ...line('/a/w.mp4', 'h264', 2, []),
        status: 'error' as const,
        stream: null,
        error: { code: 'FILE_NOT_FOUND' as const, message: 'x', remedy: 'y' },
      },
    ];
    const forwards = summarise(lines);
    const backwards = summarise([...lines].reverse());
    expect(backwards).toEqual(forwards);
    expect(forwards.causes[0]).toMatchObject({
      kinds: ['odd-height vp9', 'odd-height mpeg2video'],
      files: ['/a/b.webm', '/a/m.mkv', '/a/z.webm'],
    });
    expect(forwards.errorCodes).toEqual([
      { code: 'FILE_NOT_FOUND', files: ['/a/w.mp4'] },
      { code: 'NOT_A_VIDEO', files: ['/a/x.mp4', '/a/y.mp4'] },
    ]);
  });

  it('escapes what files say in the report', () => {
    const hostile = line('/a/<img src=x onerror=alert(1)>.mp4', 'h264', 2, []);
    const html = reportHtml(summarise([hostile]), [hostile], '/a/r.html');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img');
  });
});

describe('the results file', () => {
  it('keeps whole lines, skips a line cut short, and starts the next line on a line of its own', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-scan-unit-'));
    const file = path.join(dir, 'r.jsonl');
    const writer = new ResultsWriter(file);
    writer.append(line('/a/one.mp4', 'h264', 2, []));
    writer.close();
    await writeFile(file, `${await readFile(file, 'utf8')}{"version":1,"key":{"pa`);
    expect(readResults(file).map((l) => l.key.path)).toEqual(['/a/one.mp4']);
    const again = new ResultsWriter(file);
    again.append(line('/a/two.mp4', 'h264', 2, []));
    again.close();
    expect(readResults(file).map((l) => l.key.path)).toEqual(['/a/one.mp4', '/a/two.mp4']);
    expect(readResults(path.join(dir, 'missing.jsonl'))).toEqual([]);
  });

  it('refuses to write a line outside its schema', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-scan-unit-'));
    const writer = new ResultsWriter(path.join(dir, 'r.jsonl'));
    expect(() => writer.append({ ...line('/a.mp4', 'h264', 2, []), frames: -1 })).toThrow();
    writer.close();
  });

  it('keys a file by its size, time and head: the key changes when the head does', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-scan-unit-'));
    const file = path.join(dir, 'v.mp4');
    await writeFile(file, 'abc');
    const first = await scanKeyOf(file);
    await writeFile(file, 'abd');
    const second = await scanKeyOf(file);
    expect('headSha256' in first && 'headSha256' in second && first.headSha256 !== second.headSha256).toBe(true);
    expect(await scanKeyOf(dir)).toMatchObject({ problem: expect.stringMatching(/not a regular file/) });
  });
});

describe('scan arguments', () => {
  it('take defaults and refuse bad values', () => {
    const args = parseScanArgs(['corpus']);
    expect(args).toMatchObject({ decoders: null, proofEvery: DEFAULT_PROOF_EVERY, fresh: false });
    expect(parseScanArgs(['c', '--decoders', '7']).decoders).toBe(7);
    expect(args.output.endsWith('scan.jsonl')).toBe(true);
    expect(args.captures?.endsWith('scan.captures')).toBe(true);
    expect(parseScanArgs(['c', '--no-captures']).captures).toBeNull();
    expect(() => parseScanArgs([])).toThrow(ScanUsageError);
    expect(() => parseScanArgs(['c', '--decoders', '0'])).toThrow(/--decoders/);
    expect(() => parseScanArgs(['c', '-o', 'out.json'])).toThrow(/\.jsonl/);
    expect(() => parseScanArgs(['c', '--bogus'])).toThrow(ScanUsageError);
  });

  it('read a list file: one path a line, blanks and comments left out', () => {
    expect(listedPaths('a.mp4\n\n# note\n  b.mkv  \r\n')).toEqual(['a.mp4', 'b.mkv']);
  });
});
