/**
 * The scan's HTML report: one page a person can read without the JSON, the causes first with their files, then
 * every file with its findings, each finding linking to the one-frame capture of its first failing frame. Every
 * text from a file (names, messages) is escaped.
 */
import path from 'node:path';
import type { ScanLine } from '../../contract/scan';
import type { ScanSummary } from './scan-summary';

/** Text made safe inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A link to a capture, relative to the report's folder. */
function captureLink(capture: string | null, reportDir: string): string {
  if (capture === null) return '';
  const href = path.relative(reportDir, capture).split(path.sep).map(encodeURIComponent).join('/');
  return ` <a href="${escapeHtml(href)}">capture of the first failing frame</a>`;
}

/** One file's row. */
function fileRow(line: ScanLine, reportDir: string): string {
  const stream =
    line.stream === null
      ? ''
      : `${line.stream.codec} ${line.stream.width}×${line.stream.height} ${line.stream.pixelFormat} · ${line.stream.decodePath}`;
  const what =
    line.status === 'error' && line.error !== null
      ? `<span class="bad">${escapeHtml(line.error.code)}</span>: ${escapeHtml(line.error.message)} <em>${escapeHtml(line.error.remedy)}</em>`
      : line.findings.length === 0
        ? '<span class="ok">clean</span>'
        : `<ul>${line.findings
            .map(
              (f) =>
                `<li><span class="bad">${escapeHtml(f.cause)}</span> · ${f.frames} frames, first ${f.firstFrame ?? '—'} · ${escapeHtml(f.detail)}</li>`,
            )
            .join('')}</ul>${captureLink(line.capture, reportDir)}`;
  return `<tr class="${line.status}"><td>${escapeHtml(line.key.path)}</td><td>${escapeHtml(stream)}</td><td>${line.frames}</td><td>${what}</td></tr>`;
}

/** The whole page. */
export function reportHtml(summary: ScanSummary, lines: readonly ScanLine[], reportFile: string): string {
  const dir = path.dirname(reportFile);
  const causes = summary.causes
    .map(
      (g) =>
        `<tr><td class="bad">${escapeHtml(g.cause)}</td><td>${g.files.length}</td><td>${g.frames}</td><td>${escapeHtml(g.kinds.join(', '))}</td></tr>`,
    )
    .join('');
  const ordered = [...lines].sort(
    (a, b) => Number(a.status === 'clean') - Number(b.status === 'clean') || a.key.path.localeCompare(b.key.path),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Zero-Copy Inspector scan</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;width:100%;margin-bottom:2em}
td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}.bad{color:#b00020;font-weight:600}
.ok{color:#1b5e20}tr.clean td{color:#666}ul{margin:0;padding-left:1.2em}
</style></head><body>
<h1>Scan: ${summary.files} files, ${summary.frames} frames</h1>
<p>${summary.clean} clean · ${summary.withFindings} with findings · ${summary.errors} not scanned</p>
<h2>Findings by cause</h2>
<table><thead><tr><th>cause</th><th>files</th><th>frames</th><th>files of this kind</th></tr></thead><tbody>${causes || '<tr><td colspan="4">none</td></tr>'}</tbody></table>
<h2>Files</h2>
<table><thead><tr><th>file</th><th>stream</th><th>frames</th><th>result</th></tr></thead><tbody>${ordered.map((l) => fileRow(l, dir)).join('')}</tbody></table>
</body></html>
`;
}
