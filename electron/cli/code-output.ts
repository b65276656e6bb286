/**
 * `inspect --code LANG`: the copy-as-code snippet of each inspected frame, or why there is none, as plain text.
 * Comments carry the project's own words; the file name, error messages and the report's reasons are free text,
 * so they are printed as escaped string literals (a name may hold a carriage return or a comment's end).
 */
import { copyCode, type Ecosystem } from '../../wording/copy-code';
import { cString, pyString } from '../../wording/copy-code/literal';
import type { InspectOutput } from '../../contract/inspect-output';

const isPython = (language: Ecosystem): boolean => language === 'python' || language === 'torch';

/** A line comment in the snippet's language, for the project's own words. */
const comment = (language: Ecosystem, text: string): string =>
  text
    .split('\n')
    .map((line) => `${isPython(language) ? '#' : '//'} ${line}`)
    .join('\n');

/** A named string constant holding free text, in the snippet's language. */
function constant(language: Ecosystem, name: string, text: string): string {
  if (isPython(language)) return `${name.toUpperCase()} = ${pyString(text)}`;
  return `static const char zci_${name}[] = ${cString(text)};`;
}

/** Each frame's snippet in `language`, headed by the frame and the snippet's note; a frame that failed says so. */
export function codeText(output: InspectOutput, language: Ecosystem): string {
  const head = `${comment(language, 'The file these frames come from:')}\n${constant(language, 'source_file', output.input.path)}\n`;
  const frames = output.frames.map((frame) => {
    const title = comment(language, `frame ${frame.index}`);
    if (frame.report === null) {
      const message = constant(language, `error_frame_${frame.index}`, frame.error?.message ?? '');
      return `${title}\n${comment(language, 'no report; the error:')}\n${message}\n`;
    }
    const snippet = copyCode(frame.report).snippets.find((s) => s.ecosystem === language);
    const note = comment(language, snippet?.note ?? '');
    const detail =
      snippet?.detail != null ? `\n${constant(language, `reason_frame_${frame.index}`, snippet.detail)}` : '';
    return `${title}\n${note}${detail}\n${snippet?.code ?? comment(language, 'no code for this frame')}\n`;
  });
  return [head, ...frames].join('\n');
}
