// The capture format's published JSON Schema is what contract/capture.ts generates now, in the contract and in the
// recorder package's copy; the generator's check fails on a file that is not.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { captureSchemaText, SCHEMA_FILES } from '../../scripts/schema/write-capture-schema.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const generator = path.join(root, 'scripts/schema/write-capture-schema.mjs');

test('every checked-in copy of capture.schema.json is what the generator writes now', async () => {
  const text = await captureSchemaText();
  for (const file of SCHEMA_FILES)
    assert.equal(fs.readFileSync(path.join(root, file), 'utf8'), text, `${file} is stale: run npm run schema:capture`);
});

test('the schema holds what a recorder must write: the format, the frames, each frame report, open values as objects', async () => {
  const schema = JSON.parse(await captureSchemaText());
  assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  assert.equal(schema.properties.format.const, 'zerocopy-inspector-capture');
  assert.ok(schema.required.includes('frames'));
  const frame = schema.properties.frames.items;
  assert.deepEqual(frame.required, ['index', 'report', 'thumbnails']);
  assert.ok(frame.properties.report.required.includes('planes'));
  assert.equal(frame.properties.recorded.type, 'object');
  assert.equal(frame.properties.operators.items.properties.params.type, 'object');
  assert.match(schema.$comment, /frames\[i\]\.index equals frames\[i\]\.report\.frameIndex/);
});

test('the generator check fails, naming the file, when a copy differs', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-schema-'));
  const stale = path.join(dir, 'capture.schema.json');
  const now = fs.readFileSync(path.join(root, SCHEMA_FILES[0]), 'utf8');
  fs.writeFileSync(stale, now.replace('"maxItems": 64', '"maxItems": 65'));
  const run = spawnSync(process.execPath, [generator, '--check', stale], { encoding: 'utf8' });
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stderr, /is not what contract\/capture\.ts generates: run npm run schema:capture/);
  fs.writeFileSync(stale, now);
  assert.equal(spawnSync(process.execPath, [generator, '--check', stale], { encoding: 'utf8' }).status, 0);
  fs.rmSync(dir, { recursive: true });
});
