/**
 * Help text laid out as a table: each entry's name at the left, its words wrapped in a column of their own, so no
 * entry's words run on under the next entry's name at any width.
 */

/** One row: what is typed (a command, an option, an exit code) and what it does. */
interface HelpEntry {
  name: string;
  text: string;
}

/** A titled list of entries. */
export interface HelpSection {
  title: string;
  entries: readonly HelpEntry[];
}

/** The narrowest and widest help the command prints; the width in between follows the terminal. */
export const HELP_WIDTH = { min: 60, max: 100, piped: 100 } as const;

const INDENT = 2;
const GAP = 2;

/** The words of TEXT, with "a | b" choices kept on one line where they fit in WIDTH. */
function words(text: string, width: number): string[] {
  const out: string[] = [];
  const parts = text.split(/\s+/).filter((part) => part !== '');
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? '';
    const last = out.length - 1;
    if (part === '|' && last >= 0 && parts[i + 1] !== undefined) {
      out[last] = `${out[last]} | ${parts[i + 1]}`;
      i += 1;
    } else {
      out.push(part);
    }
  }
  return out.flatMap((word) => (word.length > width && word.includes(' | ') ? word.split(' ') : [word]));
}

/**
 * TEXT wrapped into lines of at most WIDTH characters (a word longer than WIDTH stands alone on its line). A line
 * never starts with an option's name ("--device"): the word before it goes along, so no wrapped line looks like the
 * start of another option's entry.
 */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  const length = (parts: string[]): number => parts.join(' ').length;
  for (const word of words(text, width)) {
    if (line.length === 0 || length([...line, word]) <= width) {
      line.push(word);
      continue;
    }
    let next = [word];
    while ((next[0] ?? '').startsWith('-') && line.length > 1 && length([...line.slice(-1), ...next]) <= width)
      next = [...line.splice(-1), ...next];
    lines.push(line.join(' '));
    line = next;
  }
  if (line.length > 0) lines.push(line.join(' '));
  return lines;
}

/** One section as lines: its title, then each entry's name and wrapped words in aligned columns. */
function sectionLines(section: HelpSection, width: number): string[] {
  const nameWidth = Math.max(...section.entries.map((entry) => entry.name.length));
  const column = INDENT + nameWidth + GAP;
  const lines = [`${section.title}:`];
  for (const entry of section.entries) {
    const [first = '', ...rest] = wrap(entry.text, Math.max(width - column, 20));
    lines.push(`${' '.repeat(INDENT)}${entry.name.padEnd(nameWidth + GAP)}${first}`.trimEnd());
    for (const line of rest) lines.push(`${' '.repeat(column)}${line}`);
  }
  return lines;
}

/** The whole help: the usage line, then each section, a blank line apart, no line wider than WIDTH where words fit. */
export function formatHelp(usage: string, sections: readonly HelpSection[], width: number): string {
  return [usage, ...sections.flatMap((section) => ['', ...sectionLines(section, width)])].join('\n');
}

/** The width to print help at: the terminal's, within HELP_WIDTH, or HELP_WIDTH.piped when it is no terminal. */
export function helpWidth(columns: number | undefined): number {
  if (columns === undefined || columns <= 0) return HELP_WIDTH.piped;
  return Math.min(Math.max(columns, HELP_WIDTH.min), HELP_WIDTH.max);
}
