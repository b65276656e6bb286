/** `inspect --code LANG`: the copy-as-code snippet of each inspected frame, or why there is none, as plain text. */
import { copyCode, type Ecosystem } from '../common/copy-code';
import type { InspectOutput } from '../common/inspect-output';

/** A line comment in the snippet's language. */
const comment = (language: Ecosystem, text: string): string =>
  text
    .split('\n')
    .map((line) => `${language === 'python' || language === 'torch' ? '#' : '//'} ${line}`)
    .join('\n');

/** Each frame's snippet in `language`, headed by the frame and the snippet's note; a frame that failed says so. */
export function codeText(output: InspectOutput, language: Ecosystem): string {
  return output.frames
    .map((frame) => {
      const head = comment(language, `frame ${frame.index} of ${output.input.path}`);
      if (frame.report === null) return `${head}\n${comment(language, `no report: ${frame.error?.message ?? ''}`)}\n`;
      const snippet = copyCode(frame.report).snippets.find((s) => s.ecosystem === language);
      const note = comment(language, snippet?.note ?? '');
      return `${head}\n${note}\n${snippet?.code ?? comment(language, 'no code for this frame')}\n`;
    })
    .join('\n');
}
