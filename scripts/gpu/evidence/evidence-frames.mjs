// @ts-check
// Frame reports of every fixture, CUDA contexts in both initialisation orders, the app's flow over serve mode.
import fs from 'node:fs';
import path from 'node:path';
import { table, fmt, yes } from './stats.mjs';
import { pick, templates, then } from './template.mjs';
import { CONTEXT_MODES, INIT_ORDERS } from './vocabulary.mjs';

const t = templates('evidence-frames');

/**
 * A frame's planes as a table. Runs recorded since the rows below the picture were told apart show the two kinds and
 * the coded size; a plane in an allocation of its own has no offset from plane 0.
 * @param {any[]} planes
 */
function planeTable(planes) {
  const split = planes.some((p) => p.codedRowsNotDisplayed !== undefined);
  const head = split
    ? '| plane | size | coded size | pitch | visible bytes | padding | offset from plane 0 | offset in allocation | rows coded but not displayed | rows of allocator padding | FFmpeg pointer | NVCV pointer | NVCV stride | match |'
    : '| plane | size | pitch | visible bytes | padding | offset from plane 0 | offset in allocation | hidden rows after | FFmpeg pointer | NVCV pointer | NVCV stride | match |';
  const rows = planes.map((p) => {
    const ptrs = `\`${p.ffmpegPointer}\` | \`${p.nvcvPointer}\` | ${p.nvcvRowStride} | ${yes(p.match)} |`;
    if (!split)
      return `| ${p.index} ${p.name} | ${p.width}x${p.height} | ${p.pitch} | ${p.visibleBytesPerRow} | ${p.rightPadding} | ${p.offsetFromPlane0} | ${p.offsetInAllocation ?? '–'} | ${p.hiddenRowsAfter ?? '–'} | ${ptrs}`;
    const where = p.offsetFromPlane0 ?? `separate allocation (${p.allocation?.size ?? '?'} bytes)`;
    return `| ${p.index} ${p.name} | ${p.width}x${p.height} | ${p.codedWidth}x${p.codedHeight} | ${p.pitch} | ${p.visibleBytesPerRow} | ${p.rightPadding} | ${where} | ${p.offsetInAllocation ?? '–'} | ${p.codedRowsNotDisplayed ?? '–'} | ${p.allocatorPaddingRows ?? '–'} | ${ptrs}`;
  });
  return table(head, rows);
}

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeFrameEvidence(run, ev) {
  const { runDir, reports } = run;
  ev.push(...t.lines('frame-reports'), '');
  for (const f of reports.fixtures) {
    if (f.error) {
      ev.push(...t.lines('could-not-open', { file: f.file, code: f.error.code, message: f.error.message }), '');
      continue;
    }
    const r = f.reports[1];
    const { allocation: a, aliasing, context, pool, timings } = r;
    const stream = ['codec', 'profile', 'width', 'height', 'codedWidth', 'codedHeight', 'bitDepth', 'frameCount'];
    ev.push(
      ...t.lines('fixture', {
        file: f.file,
        ...pick(f.info, [...stream, 'decodePath', 'decodePathReason']),
        ...pick(r.format, ['swFormat', 'chromaSubsampling', 'colorRange', 'colorMatrix']),
        inHwFrames: then(r.format.hwFormat ? t.text('in-hw-frames', { hwFormat: r.format.hwFormat }) : null),
        ...pick(r.wrap, ['formatName', 'formatCode', 'bufferType']),
        descriptorOnly: then(r.wrap.descriptorOnly ? t.text('descriptor-only') : null),
        ...pick(a, ['source', 'memory', 'rangeStart', 'rangeSize']),
        device: a.device ?? '–',
        bufferId: a.bufferId ?? '–',
        planesInOneAllocation: yes(a.planesInOneAllocation),
        planes: planeTable(r.planes),
        tensor: r.wrap.tensor.valid ? 'valid' : 'not valid',
        tensorReason: r.wrap.tensor.reason,
        ...pick(aliasing, ['method', 'canary', 'readBack']),
        proof: aliasing.passed ? 'passed' : 'FAILED',
        restored: yes(aliasing.restored),
        ...pick(context, ['ffmpegContext', 'runtimeContext', 'allocationContext', 'strategy']),
        oneContext: yes(context.oneContext),
        ...pick(pool, ['extraReserved', 'framesHeld', 'distinctAddresses']),
        poolSize: pool.poolSize ?? '–',
        decodeUs: fmt(timings.decodeUs),
        wrapUs: fmt(timings.wrapUs),
        exportUs: fmt(timings.exportUs),
        evidenceUs: fmt(timings.evidenceUs),
      }),
      '',
    );
  }

  // The recorder (test/gpu/record-evidence.mjs) runs every context mode in both initialisation orders, modes in the
  // outer loop, and spreads the child's answer over the row: where a mode opened, its row's `context` is the frame's
  // context report and the mode's name is gone. The name comes back from the row's place, checked against what the
  // row still says (its order, and the name itself where the mode failed to open).
  function contextRow(c, i) {
    const mode = typeof c.mode === 'string' ? c.mode : CONTEXT_MODES[Math.floor(i / INIT_ORDERS.length)];
    const named = typeof c.context === 'string' ? c.context : mode;
    if (mode === undefined || named !== mode || c.order !== INIT_ORDERS[i % INIT_ORDERS.length])
      throw new Error(`context row ${i} (${named}, ${c.order}) is not where the recorder puts ${mode}, ${INIT_ORDERS[i % INIT_ORDERS.length]}`);
    const report = c.report ?? (typeof c.context === 'object' ? c.context : null);
    return { mode, report };
  }

  const contexts = [...reports.contexts.entries()].map(([i, c]) => {
    const { mode, report } = contextRow(c, i);
    if (!c.ok) return `| ${mode} | ${c.order} | no: \`${c.code}\` ${c.message.replace(/\|/g, '\\|')} | – | – | – | – | – |`;
    return `| ${mode} | ${c.order} | yes | ${yes(report.oneContext)} | ${report.ffmpegContext} | ${report.runtimeContext} | ${report.allocationContext} | ${c.aliasing.passed ? 'passed' : 'failed'} |`;
  });
  const contextHead = '| FFmpeg context mode | order | opened | one context | FFmpeg | runtime | allocation | aliasing proof |';
  ev.push(...t.lines('contexts', { table: table(contextHead, contexts) }), '');

  const flowFile = path.join(runDir, 'serve-flow.json');
  if (fs.existsSync(flowFile)) {
    /** @type {{ method: import('./vocabulary.mjs').RecordedMethod, params: unknown, response: any }[]} */
    const flow = JSON.parse(fs.readFileSync(flowFile, 'utf8'));
    const calls = [];
    for (const { method, params, response } of flow) {
      const args = JSON.stringify(params).replace(/\|/g, '\\|');
      let what;
      if (!response.ok) what = `error \`${response.error.code}\`: ${response.error.message}`;
      else if (method === 'open') what = `${response.result.info.decodePath}: ${response.result.info.decodePathReason}`;
      else if (method === 'show' || method === 'frame' || method === 'frameAtTime') {
        // A frame answer carries the report with what the request brought back (runs before one-request frames: the
        // report alone; runs before show: one preview and its error beside the report).
        const r = response.result.report ?? response.result;
        const outcomes = response.result.previews ?? [{ result: response.result.preview, error: response.result.previewError }];
        const extra = response.result.report === undefined ? [] : [
          ...(response.result.thumbnails ? [`thumbnails ${response.result.thumbnails.map((t) => `${t.name} ${t.width}x${t.height}`).join(', ')}`] : []),
          ...outcomes.flatMap(({ result: p, error }) => [
            ...(p ? [`${p.op} preview on the ${p.gpu ? 'GPU' : 'CPU'}, ${p.bytesDownloaded} bytes down`] : []),
            ...(error ? [`preview refused: ${error.code}`] : []),
          ]),
        ];
        what = `frame ${r.frameIndex} (${r.pictureType}), ${r.format.swFormat} in ${r.format.hwFormat ?? 'host'} memory, planes match: ${r.planes.map((p) => yes(p.match)).join('/')}, aliasing ${r.aliasing.passed ? 'passed' : 'failed'}, one context: ${yes(r.context.oneContext)}${extra.map((e) => `; ${e}`).join('')}`;
      } else if (method === 'thumbnails') what = response.result.map((t) => `${t.name} ${t.width}x${t.height}`).join(', ');
      else if (method === 'readMemory') {
        const r = response.result;
        const byRegion = new Map();
        for (const span of r.regions) byRegion.set(span.region, (byRegion.get(span.region) ?? 0) + span.length);
        what = `${r.source}: frame ${r.frameIndex}, ${r.rows} rows × ${r.bytesPerRow} bytes = ${r.bytesRead} bytes of an allocation of ${r.allocation.size}; ${[...byRegion].map(([k, n]) => `${k} ${n}`).join(', ')}`;
      }
      else if (method === 'environment') what = `${response.result.cuda?.devices?.[0]?.name ?? 'ok'}`;
      else what = 'ok';
      calls.push(`| \`${method}\` ${args} | ${what} |`);
    }
    ev.push(...t.lines('serve-flow', { table: table('| call | result |', calls) }), '');
  }
}
