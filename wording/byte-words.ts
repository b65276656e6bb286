/** Byte counts in words for messages. */

const MIB = 1_048_576;

/** A byte count in MiB for messages, with one decimal: "2.0 MiB". */
export function mibWords(bytes: number): string {
  return `${(bytes / MIB).toFixed(1)} MiB`;
}
