// Every link of README and of the pages in docs/ reaches something: a file or folder of the repository, and, where the
// link names a heading of a Markdown page (#anchor), that heading. A page moved or renamed breaks this test, not the
// reader's click.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** README.md, and every Markdown page of docs/ outside the recorded runs' folders (their files are raw output). */
function pages() {
  const out = [path.join(root, 'README.md')];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['gpu-runs', 'reliability-runs'].includes(entry.name)) walk(full);
      } else if (entry.name.endsWith('.md')) out.push(full);
    }
  };
  walk(path.join(root, 'docs'));
  return out;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown page's headings. */
function anchors(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.*)$/gm)].map((m) => slug(m[1])));
}

/** The relative links of a page: [words](target) and ![alt](target), outside code. */
function links(file) {
  const text = fs
    .readFileSync(file, 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^(https?:|mailto:)/.test(t));
}

test('every relative link of README and docs/ reaches a file, and every #anchor a heading of its page', () => {
  const broken = [];
  let count = 0;
  for (const file of pages()) {
    for (const target of links(file)) {
      count += 1;
      const [where, anchor] = target.split('#');
      const resolved = where === '' ? file : path.resolve(path.dirname(file), decodeURI(where));
      const from = path.relative(root, file);
      if (!fs.existsSync(resolved)) broken.push(`${from}: ${target} (no such file)`);
      else if (anchor !== undefined && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
        broken.push(`${from}: ${target} (no such heading)`);
    }
  }
  assert.ok(count > 50, `the pages hold their links (${count} read)`);
  assert.deepEqual(broken, []);
});
