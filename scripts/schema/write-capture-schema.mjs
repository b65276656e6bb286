// Writes the capture format's JSON Schema (capture.json inside a .zci) from its zod definition in
// contract/capture.ts, to contract/capture.schema.json and to the recorder package's copy
// (python/src/zci/capture.schema.json), which validates every capture it writes without Node:
//   node scripts/schema/write-capture-schema.mjs            write both files
//   node scripts/schema/write-capture-schema.mjs --check    exit 1, naming the file, when either differs
//   node scripts/schema/write-capture-schema.mjs --check FILE...   check the named files instead
// What JSON Schema cannot state (a frame listed once, index equal to report.frameIndex, the bounds of open JSON
// values) is named in the schema's $comment and in docs/capture-format.md; the readers check it in code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';
import prettier from 'prettier';
import { z } from 'zod';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCHEMA_FILES = ['contract/capture.schema.json', 'python/src/zci/capture.schema.json'];

const RULES_IN_CODE =
  'Not stated here, checked by every reader: each frame index appears once; frames[i].index equals ' +
  'frames[i].report.frameIndex; frames[].recorded (whose facts source, wrapped and stream have their shape here, ' +
  'its other fields open), operators[].params and the fields an operator entry adds are plain JSON at most 8 levels deep and 64 KiB as JSON text (a whole operator entry 9 levels, 128 KiB); ' +
  'each PNG and .bin a frame names is in the zip; a report that leaves out its judgements (nvcvPointer, ' +
  "nvcvRowStride and match of each plane, wrap.reason, wrap.tensor, context.oneContext, context.strategy) is a " +
  "recorder's (recordedBy) whose frame's recorded block holds its facts (source, wrapped, stream), from which the " +
  'inspector derives them; the budgets of docs/capture-format.md.';

/**
 * An open JSON value is zod's custom type piped into its shape (contract/bounded-json.ts); its input side has no
 * JSON Schema, so the shape it is piped into stands for it.
 */
function openValuesByShape({ zodSchema, jsonSchema }) {
  const def = zodSchema._zod.def;
  if (def.type !== 'pipe' || def.in._zod.def.type !== 'custom') return;
  const shape = z.toJSONSchema(def.out, OPTIONS);
  delete shape.$schema;
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  Object.assign(jsonSchema, shape);
}

/**
 * Input: what a reader accepts (unknown keys are dropped, not refused). A custom value (an open JSON value) has no
 * JSON Schema of its own and reads as any value.
 */
const OPTIONS = { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', override: openValuesByShape };

/** Keywords whose meaning does not depend on the instance's type: a branch holding one is kept as zod wrote it
 * (an enum excepted: null joins its values). */
const TYPE_INDEPENDENT = ['anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', '$ref', 'const'];

/**
 * zod writes a nullable field as `anyOf: [its schema, {type: "null"}]`. Where its schema is one type whose other
 * keywords apply to that type alone (pattern, properties, required, minimum, items …), the same set of values is
 * `type: [that type, "null"]` with those keywords beside it. Written that way, a validator names the field where a
 * value breaks it (frames[0].recorded.wrapped.planes[0].pointer, as zod does) instead of the whole nullable field
 * as "not valid under any of the given schemas". An enum's values gain null. Rewritten depth first, in place; the
 * output stays deterministic.
 */
export function nullableAsType(node) {
  if (Array.isArray(node)) {
    for (const item of node) nullableAsType(item);
    return node;
  }
  if (node === null || typeof node !== 'object') return node;
  for (const value of Object.values(node)) nullableAsType(value);
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return node;
  const isNull = (b) => Object.keys(b).length === 1 && b.type === 'null';
  const nulls = branches.filter(isNull);
  const [only] = branches.filter((b) => !isNull(b));
  if (nulls.length !== 1 || only === undefined || typeof only.type !== 'string' || only.type === 'null') return node;
  if (TYPE_INDEPENDENT.some((key) => key in only)) return node;
  if (Object.keys(node).some((key) => key !== 'anyOf' && key in only)) return node;
  const types = branches.map((b) => (isNull(b) ? 'null' : only.type));
  delete node.anyOf;
  Object.assign(node, { ...only, type: types });
  if (Array.isArray(only.enum)) node.enum = [...only.enum, null];
  return node;
}

/** The schema's text, as written: JSON as the repository's prettier settings print it. */
export async function captureSchemaText() {
  const jiti = createJiti(import.meta.url);
  const capture = await jiti.import(path.join(repo, 'contract/capture.ts'));
  const body = nullableAsType(z.toJSONSchema(capture.captureManifestSchema, OPTIONS));
  const { $schema, ...rest } = body;
  const schema = {
    $schema,
    $id: 'https://zerocopy-inspector.invalid/capture.schema.json',
    title: `${capture.CAPTURE_MANIFEST} of a ${capture.CAPTURE_EXTENSION} capture, format version ${capture.CAPTURE_FORMAT_VERSION}`,
    description:
      'Generated from contract/capture.ts by scripts/schema/write-capture-schema.mjs (npm run schema:capture); ' +
      'docs/capture-format.md describes the format.',
    $comment: RULES_IN_CODE,
    ...rest,
  };
  const options = await prettier.resolveConfig(path.join(repo, SCHEMA_FILES[0]));
  return prettier.format(JSON.stringify(schema), { ...options, parser: 'json' });
}

async function main(args) {
  const check = args[0] === '--check';
  const files = (check ? args.slice(1) : args).length > 0 ? (check ? args.slice(1) : args) : SCHEMA_FILES;
  const text = await captureSchemaText();
  let stale = 0;
  for (const file of files) {
    const target = path.resolve(repo, file);
    if (check) {
      const now = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
      if (now !== text) {
        stale += 1;
        console.error(`${file} is not what contract/capture.ts generates: run npm run schema:capture`);
      }
    } else fs.writeFileSync(target, text);
  }
  return stale === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = await main(process.argv.slice(2));
