// The evidence writer's prose templates: the filler is strict both ways, and every part of every template is one
// its section module asks for (a part no module names would be prose that never reaches a document).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fill, parseParts } from '../../scripts/gpu/evidence/template.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const evidence = path.join(root, 'scripts', 'gpu', 'evidence');

test('fill puts every value in its placeholders', () => {
  assert.equal(fill('{{a}} of {{b}}, {{a}} again', { a: 'one', b: 2 }), 'one of 2, one again');
  assert.equal(fill('no placeholders', {}), 'no placeholders');
  assert.equal(fill('{{json}}', { json: '{"a":{"b":1}}' }), '{"a":{"b":1}}', 'a value is not read as a template');
});

test('fill refuses a placeholder without a value, a value without a placeholder, and stray braces', () => {
  assert.throws(() => fill('{{fixtureCount}} fixtures', {}), /no value for \{\{fixtureCount\}\}/);
  assert.throws(() => fill('{{fixtureCount}} fixtures', { fixtureCuont: 3 }), /no value for \{\{fixtureCount\}\}/);
  assert.throws(() => fill('{{count}}', { count: undefined }), /no value for \{\{count\}\}/);
  assert.throws(() => fill('{{count}}', { count: null }), /no value for \{\{count\}\}/);
  assert.throws(() => fill('fixed text', { table: '| a |' }), /no placeholder for \{\{table\}\}/);
  assert.throws(() => fill('{{ count }}', { count: 1 }), /braces that are no/);
  assert.throws(() => fill('{{count}', { count: 1 }), /braces that are no/);
});

test('a template file is named parts, each once, with nothing before the first', () => {
  const parts = parseParts('<!-- one -->\n# One\n\ntext {{x}}\n\n<!-- two-b -->\n\nTwo\n', 'f.md');
  assert.deepEqual([...parts], [
    ['one', '# One\n\ntext {{x}}'],
    ['two-b', 'Two'],
  ]);
  assert.throws(() => parseParts('stray\n<!-- one -->\nx\n', 'f.md'), /text before the first part/);
  assert.throws(() => parseParts('<!-- one -->\nx\n<!-- one -->\ny\n', 'f.md'), /part one twice/);
  assert.throws(() => parseParts('<!-- one -->\nx\n<!-- Two -->\ny\n', 'f.md'), /malformed part marker/);
});

test('every section module has its template, and asks for each of its parts', () => {
  const files = fs.readdirSync(path.join(evidence, 'templates')).filter((f) => f.endsWith('.md'));
  const sections = fs
    .readdirSync(evidence)
    .filter((f) => f.endsWith('.mjs') && /^export function write/m.test(fs.readFileSync(path.join(evidence, f), 'utf8')));
  assert.ok(sections.length >= 11, 'the writer has its section modules');
  for (const module of sections) assert.ok(files.includes(module.replace(/\.mjs$/, '.md')), `${module} has a template`);
  for (const file of files) {
    const section = path.basename(file, '.md');
    const module = path.join(evidence, `${section}.mjs`);
    assert.ok(fs.existsSync(module), `templates/${file} has its module ${section}.mjs`);
    const code = fs.readFileSync(module, 'utf8');
    assert.ok(code.includes(`templates('${section}')`), `${section}.mjs reads templates/${file}`);
    const parts = parseParts(fs.readFileSync(path.join(evidence, 'templates', file), 'utf8'), file);
    for (const part of parts.keys()) assert.ok(code.includes(`'${part}'`), `${section}.mjs asks for the part ${part}`);
  }
});
