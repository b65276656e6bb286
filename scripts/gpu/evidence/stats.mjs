// @ts-check
// The statistics and table pieces every section of the evidence and benchmark documents shares.

/** The median (the upper one of an even count). @param {number[]} xs */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** A table's header row and the separator row under it, one --- per column of the header. @param {string} header */
export const tableHead = (header) => [header, `|${' --- |'.repeat(header.split(' | ').length)}`];
/** A number with d decimals, or – where there is none. @param {number | null | undefined} x */
export const fmt = (x, d = 1) => (x === null || x === undefined ? '–' : Number(x).toFixed(d));
/** A median with the range it came from. @param {number[]} xs */
export const range = (xs) => `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
/** yes, no, or – where unknown. @param {boolean | null | undefined} b */
export const yes = (b) => (b === null || b === undefined ? '–' : b ? 'yes' : 'no');
/** A table: its header row, the separator row and the rows, as one block of text. @param {string} header @param {string[]} rows */
export const table = (header, rows) => [...tableHead(header), ...rows].join('\n');
/** A target's verdict. @param {boolean} ok */
export const met = (ok) => (ok ? 'met' : 'NOT met');
