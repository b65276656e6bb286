// The published schema states a nullable field as one type or null, so a validator names the field a value breaks
// (as zod does), and it states a recorder frame's recorded facts; the rewrite keeps what a branch means.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { captureSchemaText, nullableAsType } from '../../scripts/schema/write-capture-schema.mjs';

/** Every node of a JSON Schema, with where it is. */
function* nodes(node, where = '') {
  if (node === null || typeof node !== 'object') return;
  yield [where, node];
  for (const [key, value] of Object.entries(node)) yield* nodes(value, `${where}/${key}`);
}

test('no nullable field is left as anyOf with null: each is [type, "null"] beside its own keywords', async () => {
  const schema = JSON.parse(await captureSchemaText());
  const left = [...nodes(schema)].filter(([, n]) => Array.isArray(n.anyOf) && n.anyOf.some((b) => b.type === 'null'));
  assert.deepEqual(
    left.map(([where]) => where),
    [],
  );
  const frame = schema.properties.frames.items.properties;
  assert.deepEqual(frame.report.properties.wrap.properties.bufferType.enum, ['STRIDED_CUDA', 'STRIDED_HOST', null]);
});

test("the recorded block states its facts: source, wrapped (or null) and stream, each plane's fields required", async () => {
  const recorded = JSON.parse(await captureSchemaText()).properties.frames.items.properties.recorded;
  assert.deepEqual(Object.keys(recorded.properties), ['source', 'wrapped', 'stream']);
  assert.deepEqual(recorded.additionalProperties, {});
  const wrapped = recorded.properties.wrapped;
  assert.deepEqual(wrapped.type, ['object', 'null']);
  assert.deepEqual(wrapped.properties.planes.items.required, [
    'name',
    'pointer',
    'pitch',
    'width',
    'height',
    'bytesPerSample',
    'allocation',
  ]);
  assert.equal(wrapped.properties.planes.items.properties.pointer.pattern, '^0x[0-9a-fA-F]{1,16}$');
  assert.deepEqual(recorded.properties.stream.properties.state.enum, ['complete', 'pending', 'not-named']);
});

test('a branch whose keywords hold for every type, or a field that says more than anyOf, is kept as zod wrote it', () => {
  const kept = [
    { anyOf: [{ const: 'a', type: 'string' }, { type: 'null' }] },
    { anyOf: [{ $ref: '#/x' }, { type: 'null' }] },
    { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    { anyOf: [{ type: 'string', maxLength: 2 }, { type: 'null' }], maxLength: 3 },
  ];
  for (const node of kept) assert.deepEqual(nullableAsType(structuredClone(node)), node);
  assert.deepEqual(nullableAsType({ description: 'd', anyOf: [{ type: 'null' }, { type: 'integer', minimum: 0 }] }), {
    description: 'd',
    type: ['null', 'integer'],
    minimum: 0,
  });
});
