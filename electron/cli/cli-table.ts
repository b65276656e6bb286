/** The readable form of inspect's output: a header, one row per frame, the failures spelled out. */
import { signatureWords } from '../../contract/capture';
import type { HandOver } from '../../contract/capture-summary';
import type { CheckResult } from '../../contract/checks';
import { displayWords } from '../../wording/display-words';
import { ffmpegWords, frameThreadWords, nvdecOutputWords } from '../../wording/ffmpeg-words';
import { formatFrameList } from '../../wording/frame-list';
import { handOverWords } from '../../wording/hand-over';
import type { InspectOutput } from '../../contract/inspect-output';
import { checkWord, DESCRIPTOR_ONLY_WHY } from '../../wording/verdicts';
import { frameFormatWords } from './frame-format';
import { layoutLines } from './plane-layout';

/** The stream column: a recorded frame's stream at hand-over, loud when the decode had not finished. */
const STREAM_WORDS: Record<HandOver['state'], string> = {
  pending: 'PENDING',
  complete: 'done',
  'not-named': 'not named',
};

/** What a pending stream at hand-over means, without the notice's own "Frame N:" (the line names the frame). */
function handOverDetail(handOver: HandOver): string {
  return handOverWords(handOver).text.replace(/^Frame \d+: /, '');
}

function pad(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/** The header lines: what was inspected, where, with which libraries. */
function headerLines(output: InspectOutput): string[] {
  const { stream, environment, input } = output;
  const lines = [
    `${output.tool.name} ${output.tool.version} · ${input.path}`,
    `${stream.codec} ${stream.profile} · ${stream.width}×${stream.height} (coded ${stream.codedWidth}×${stream.codedHeight}) · ${frameFormatWords(output)} · ${stream.frameCount} frames · decode ${stream.decodePath}${stream.decodePathReason !== '' ? ` (${stream.decodePathReason})` : ''}`,
  ];
  const display = displayWords(stream);
  if (display !== null) lines.push(`display: ${display}`);
  const nvdec = nvdecOutputWords(stream);
  if (nvdec !== null) lines.push(`NVDEC output: ${nvdec}`);
  const threads = frameThreadWords(stream);
  if (threads !== null) lines.push(`frame threads: ${threads}`);
  if (input.capture !== null) {
    lines.push(`capture made ${input.capture.createdAt} on ${input.capture.hostname} · GPU ${input.capture.gpu}`);
    lines.push(`signature: ${signatureWords(input.capture.signature)}`);
  }
  if (environment !== null) {
    const gpu = environment.cuda.devices.map((d) => d.name).join(', ') || 'no CUDA device';
    const lib = (s: { loaded: boolean; version: string | null }): string =>
      s.loaded ? (s.version ?? '?') : 'not loaded';
    lines.push(
      `${gpu} · driver ${environment.cuda.driverVersion ?? 'none'} · CUDA runtime ${environment.cuda.runtimeVersion} · NVCV ${lib(environment.nvcv)} · CV-CUDA ${lib(environment.cvcuda)}`,
      ffmpegWords(environment.ffmpeg),
    );
  }
  return lines;
}

/** The whole table, ready to print. */
export function formatTable(output: InspectOutput): string {
  const rows = [
    [
      'frame',
      'type',
      'path',
      'format',
      'planes',
      'pointers',
      'strides',
      'nvcv format',
      'decoder',
      'aliasing',
      'restored',
      'stream',
      'result',
    ],
  ];
  for (const frame of output.frames) {
    const report = frame.report;
    const check = (name: CheckResult['name']) => frame.checks.find((c) => c.name === name);
    rows.push([
      String(frame.index),
      report === null ? '—' : `${report.pictureType}${report.keyFrame ? ' key' : ''}`,
      report?.decodePath ?? '—',
      report?.format.swFormat ?? '—',
      report === null ? '—' : String(report.planes.length),
      checkWord(check('pointers')),
      checkWord(check('strides')),
      checkWord(check('format')),
      checkWord(check('decoder')),
      checkWord(check('aliasing')),
      checkWord(check('restored')),
      frame.handOver === undefined ? '—' : STREAM_WORDS[frame.handOver.state],
      frame.error !== null ? `ERROR ${frame.error.code}` : frame.ok ? 'ok' : 'FAIL',
    ]);
  }
  const layout = layoutLines(output);
  const lines = [...headerLines(output), '', ...pad(rows), '', ...layout, ...(layout.length > 0 ? [''] : [])];
  for (const frame of output.frames.filter((f) => !f.ok)) {
    if (frame.error !== null) lines.push(`frame ${frame.index}: ${frame.error.code}: ${frame.error.message}`);
    for (const check of frame.checks.filter((c) => c.ok === false || (c.ok === null && output.strict)))
      lines.push(`frame ${frame.index}: ${check.name}: ${check.detail}`);
    if (frame.handOver?.state === 'pending' && output.strict)
      lines.push(`frame ${frame.index}: stream: ${handOverDetail({ index: frame.index, ...frame.handOver })}`);
  }
  const described = output.frames.filter((f) => f.checks.some((c) => c.descriptorOnly === true));
  if (described.length > 0) {
    lines.push(
      `* frames ${formatFrameList(described.map((f) => f.index))}: pointers match, descriptor only: ${DESCRIPTOR_ONLY_WHY}`,
    );
  }
  const unchecked = output.frames.filter((f) => f.checks.some((c) => c.ok === null));
  if (unchecked.length > 0 && !output.strict) {
    const reason = unchecked[0]?.checks.find((c) => c.ok === null)?.detail ?? '';
    lines.push(
      `not checked on frames ${formatFrameList(unchecked.map((f) => f.index))}: ${reason} (--strict fails these)`,
    );
  }
  const pending = output.frames.filter((f) => f.handOver?.state === 'pending');
  const firstPending = pending[0];
  if (firstPending?.handOver !== undefined && !output.strict) {
    const detail = handOverDetail({ index: firstPending.index, ...firstPending.handOver });
    lines.push(
      `stream pending at hand-over on frames ${formatFrameList(pending.map((f) => f.index))}: ${detail} (--strict fails these)`,
    );
  }
  const { summary } = output;
  if (summary.provenance !== null) lines.push(`the capture's signature fails this run: ${summary.provenance}`);
  lines.push(
    `${summary.frames} frames: ${summary.frames - summary.failed} ok, ${summary.failed} failed${summary.ok ? '' : ' — exit 1'}`,
  );
  return lines.join('\n');
}
