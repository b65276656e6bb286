// @ts-check
// Frame reports of every fixture, CUDA contexts in both initialisation orders, the app's flow over serve mode.
import fs from 'node:fs';
import path from 'node:path';
import { tableHead, table, fmt, yes } from './stats.mjs';
import { templates } from './template.mjs';

const t = templates('evidence-frames');

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeFrameEvidence(run, ev) {
  const { runDir, reports } = run;
  ev.push(...t.lines('frame-reports'), '');
  for (const f of reports.fixtures) {
    ev.push(`### ${f.file}`, '');
    if (f.error) {
      ev.push(...t.lines('could-not-open', { code: f.error.code, message: f.error.message }), '');
      continue;
    }
    const r = f.reports[1];
    const i = f.info;
    ev.push(`- stream: ${i.codec} ${i.profile}, ${i.width}x${i.height} (coded ${i.codedWidth}x${i.codedHeight}), ${i.bitDepth}-bit, ${i.frameCount} frames`);
    ev.push(`- decode path: **${i.decodePath}**: ${i.decodePathReason}`);
    ev.push(`- format: ${r.format.swFormat}${r.format.hwFormat ? ` in ${r.format.hwFormat} frames` : ''}, ${r.format.chromaSubsampling}, range ${r.format.colorRange}, matrix ${r.format.colorMatrix}`);
    ev.push(`- NVCV image: \`${r.wrap.formatName}\` (${r.wrap.formatCode}), ${r.wrap.bufferType}${r.wrap.descriptorOnly ? ' (descriptor only)' : ''}`);
    const a = r.allocation;
    ev.push(`- allocation (${a.source}): ${a.memory} memory, device ${a.device ?? '–'}, range ${a.rangeStart} + ${a.rangeSize}, buffer id ${a.bufferId ?? '–'}, planes in one allocation: ${yes(a.planesInOneAllocation)}`);
    ev.push('');
    // Runs recorded since the rows below the picture were told apart show the two kinds and the coded size; a plane
    // in an allocation of its own has no offset from plane 0.
    const split = r.planes.some((p) => p.codedRowsNotDisplayed !== undefined);
    if (split) {
      ev.push(...tableHead('| plane | size | coded size | pitch | visible bytes | padding | offset from plane 0 | offset in allocation | rows coded but not displayed | rows of allocator padding | FFmpeg pointer | NVCV pointer | NVCV stride | match |'));
    } else {
      ev.push(...tableHead('| plane | size | pitch | visible bytes | padding | offset from plane 0 | offset in allocation | hidden rows after | FFmpeg pointer | NVCV pointer | NVCV stride | match |'));
    }
    for (const p of r.planes) {
      const ptrs = `\`${p.ffmpegPointer}\` | \`${p.nvcvPointer}\` | ${p.nvcvRowStride} | ${yes(p.match)} |`;
      if (split) {
        const where = p.offsetFromPlane0 ?? `separate allocation (${p.allocation?.size ?? '?'} bytes)`;
        ev.push(`| ${p.index} ${p.name} | ${p.width}x${p.height} | ${p.codedWidth}x${p.codedHeight} | ${p.pitch} | ${p.visibleBytesPerRow} | ${p.rightPadding} | ${where} | ${p.offsetInAllocation ?? '–'} | ${p.codedRowsNotDisplayed ?? '–'} | ${p.allocatorPaddingRows ?? '–'} | ${ptrs}`);
      } else {
        ev.push(`| ${p.index} ${p.name} | ${p.width}x${p.height} | ${p.pitch} | ${p.visibleBytesPerRow} | ${p.rightPadding} | ${p.offsetFromPlane0} | ${p.offsetInAllocation ?? '–'} | ${p.hiddenRowsAfter ?? '–'} | ${ptrs}`);
      }
    }
    ev.push('');
    ev.push(`- single tensor: ${r.wrap.tensor.valid ? 'valid' : 'not valid'}: ${r.wrap.tensor.reason}`);
    ev.push(`- aliasing proof (${r.aliasing.method}): ${r.aliasing.passed ? 'passed' : 'FAILED'}; canary ${r.aliasing.canary} read back as ${r.aliasing.readBack}; restored: ${yes(r.aliasing.restored)}`);
    ev.push(`- contexts: FFmpeg ${r.context.ffmpegContext}, runtime ${r.context.runtimeContext}, allocation ${r.context.allocationContext}: one context: ${yes(r.context.oneContext)} (${r.context.strategy})`);
    ev.push(`- pool: ${r.pool.poolSize ?? '–'} surfaces, ${r.pool.extraReserved} reserved for the inspector, ${r.pool.framesHeld} held; ${r.pool.distinctAddresses} distinct plane-0 addresses over frames 0-2`);
    ev.push(`- timings (µs): decode ${fmt(r.timings.decodeUs)}, wrap ${fmt(r.timings.wrapUs)}, export ${fmt(r.timings.exportUs)}, evidence ${fmt(r.timings.evidenceUs)}`);
    ev.push('');
  }

  // The recorder (test/gpu/record-evidence.mjs) runs every context mode in both initialisation orders, modes in the
  // outer loop, and spreads the child's answer over the row: where a mode opened, its row's `context` is the frame's
  // context report and the mode's name is gone. The name comes back from the row's place, checked against what the
  // row still says (its order, and the name itself where the mode failed to open).
  const CONTEXT_MODES = ['shared', 'private', 'ffmpeg-primary'];
  const INIT_ORDERS = ['decoder-first', 'runtime-first'];
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
    const flow = JSON.parse(fs.readFileSync(flowFile, 'utf8'));
    const calls = [];
    for (const { method, params, response } of flow) {
      const args = JSON.stringify(params).replace(/\|/g, '\\|');
      let what;
      if (!response.ok) what = `error \`${response.error.code}\`: ${response.error.message}`;
      else if (method === 'open') what = `${response.result.info.decodePath}: ${response.result.info.decodePathReason}`;
      else if (method === 'frame' || method === 'frameAtTime') {
        // A frame answer carries the report with what the request brought back (runs before one-request frames: the
        // report alone).
        const r = response.result.report ?? response.result;
        const extra = response.result.report === undefined ? [] : [
          ...(response.result.thumbnails ? [`thumbnails ${response.result.thumbnails.map((t) => `${t.name} ${t.width}x${t.height}`).join(', ')}`] : []),
          ...(response.result.preview ? [`${response.result.preview.op} preview on the ${response.result.preview.gpu ? 'GPU' : 'CPU'}, ${response.result.preview.bytesDownloaded} bytes down`] : []),
          ...(response.result.previewError ? [`preview refused: ${response.result.previewError.code}`] : []),
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
