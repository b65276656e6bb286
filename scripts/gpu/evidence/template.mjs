// @ts-check
// The documents' prose lives in Markdown templates, one file a section module (templates/<section>.md), each cut
// into named parts by a line `<!-- part-name -->`. A part is Markdown with {{name}} placeholders its module fills:
// headings, intros, captions, closing paragraphs and the sentences said of each item are there; the tables and
// each row's cells are made in code and handed in as values. Filling is strict both ways, so a typo in a template
// or in a module fails the writer instead of quietly writing a broken document.
import fs from 'node:fs';

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * The template with every {{name}} replaced by values[name]. Throws where a placeholder has no value (a string or a
 * number), where a value has no placeholder, and where braces are left that are no placeholder.
 * @param {string} template @param {Record<string, string | number>} values @returns {string}
 */
export function fill(template, values) {
  const bare = template.replace(PLACEHOLDER, '');
  const stray = /\{\{|\}\}/.exec(bare);
  if (stray) throw new Error(`template: braces that are no {{name}} placeholder: "${bare.slice(Math.max(0, stray.index - 30), stray.index + 30)}"`);
  const used = new Set();
  const text = template.replace(PLACEHOLDER, (_, /** @type {string} */ name) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`template: no value for {{${name}}}`);
    used.add(name);
    return String(value);
  });
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`template: no placeholder for ${unused.map((n) => `{{${n}}}`).join(', ')}`);
  return text;
}

/**
 * A template file's parts by name: the text between a part's marker line and the next, without the blank lines
 * around it. Text before the first marker, a name given twice, or a marker that is no part name throws.
 * @param {string} text @param {string} file for messages @returns {Map<string, string>}
 */
export function parseParts(text, file) {
  const [before, ...rest] = text.split(/^<!-- ([a-z0-9-]+) -->$/m);
  if ((before ?? '').trim() !== '') throw new Error(`${file}: text before the first part`);
  if (/^<!--/m.test(rest.filter((_, i) => i % 2 === 1).join('\n'))) throw new Error(`${file}: a malformed part marker`);
  const parts = new Map();
  for (let i = 0; i < rest.length; i += 2) {
    const name = /** @type {string} */ (rest[i]);
    if (parts.has(name)) throw new Error(`${file}: part ${name} twice`);
    parts.set(name, (rest[i + 1] ?? '').replace(/^\n+|\n+$/g, ''));
  }
  return parts;
}

/**
 * The named fields of a record, as values to fill a template with.
 * @param {Record<string, any>} record @param {string[]} names @returns {Record<string, string | number>}
 */
export const pick = (record, names) => Object.fromEntries(names.map((name) => [name, record[name]]));

/** Text that follows on the same line after a space (a sentence, a clause), or nothing. @param {string | null} text */
export const then = (text) => (text === null ? '' : ` ${text}`);

/**
 * A section's templates: text(part, values) fills a part, lines(part, values) gives it as lines for the document.
 * A part the file does not have throws.
 * @param {string} section the file's name in templates/, without .md
 */
export function templates(section) {
  const file = `templates/${section}.md`;
  const parts = parseParts(fs.readFileSync(new URL(file, import.meta.url), 'utf8'), file);
  /** @param {string} part @param {Record<string, string | number>} [values] */
  const text = (part, values = {}) => {
    const template = parts.get(part);
    if (template === undefined) throw new Error(`${file} has no part ${part}`);
    return fill(template, values);
  };
  return {
    text,
    /** @param {string} part @param {Record<string, string | number>} [values] */
    lines: (part, values = {}) => text(part, values).split('\n'),
  };
}
