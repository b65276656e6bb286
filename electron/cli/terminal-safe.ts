/**
 * The one sanitiser every line the command line writes passes through, on stdout and on stderr: control characters
 * (ESC starts colour, cursor and title sequences; CR rewrites a line), C1 controls, line separators and the
 * bidirectional overrides that reorder text become visible \uXXXX escapes. Only LF is left as it is. A capture's
 * strings, file names and error messages are someone else's input. The escape is JSON's own, so JSON output stays
 * valid and reads back to the same strings.
 */

const UNSAFE =
  // Matching control characters is the point here.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Text with every character a terminal would act on, or that reorders text, escaped; newlines kept. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}
