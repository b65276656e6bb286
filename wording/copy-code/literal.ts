/**
 * What a snippet may print from a report. Names are checked against the vocabulary before they go into code or a
 * comment; anything else is emitted as an escaped string literal, never as free text: a carriage return ends a
 * Python comment and `*` `/` ends a C one, so a report from a shared capture must not reach either unescaped.
 */
import { NVCV_FORMAT_NAME, PIXEL_FORMAT_NAME, PLANE_NAME } from '../../contract/vocabulary';

const HEX64 = /^0x[0-9a-fA-F]{1,16}$/;

/** A pixel format name from the vocabulary, or 'unknown'. */
export const knownPixelFormat = (name: string): string => (PIXEL_FORMAT_NAME.test(name) ? name : 'unknown');

/** A plane name from the vocabulary, or 'plane<index>'. */
export const knownPlaneName = (name: string, index: number): string => (PLANE_NAME.test(name) ? name : `plane${index}`);

/** An NVCV format name from the vocabulary, or null. */
export const knownNvcvFormatName = (name: string | null): string | null =>
  name !== null && NVCV_FORMAT_NAME.test(name) ? name : null;

/** A 64-bit hex pointer as the report spells it, or 0x0 when it is not one. */
export const knownPointer = (pointer: string): string => (HEX64.test(pointer) ? pointer : '0x0');

/** A whole number for code (sizes, pitches, offsets), or 0 when the report's value is not one. */
export const knownCount = (n: number): number => (Number.isSafeInteger(n) ? n : 0);

/** A C or C++ string literal of any text: printable ASCII as is, everything else as three-digit octal escapes. */
export function cString(text: string): string {
  let out = '"';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    // '?' is escaped too: "??/" is a trigraph for a backslash in C++ before 17 and in strict C modes.
    if (byte >= 0x20 && byte < 0x7f && c !== '"' && c !== '\\' && c !== '?') out += c;
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** A Python string literal of any text: printable ASCII as is, everything else as \x, \u or \U escapes. */
export function pyString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x20 && code < 0x7f && ch !== '"' && ch !== '\\') out += ch;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}
