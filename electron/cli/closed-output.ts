/**
 * A reader that goes away (`inspect … --json | head -c 100`) ends the command quietly, as ripgrep and other command
 * lines do: nothing is left to tell anyone, so no stack trace and exit 0. Without this, Node throws the write's EPIPE.
 */

/** The exit code when the output's reader has gone away. */
export const CLOSED_OUTPUT_EXIT = 0;

/** The errors a write to a pipe or socket whose reader has gone gives. */
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNRESET']);

/** True for a write error that means the reader has gone away. */
function readerGone(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    READER_GONE.has(error.code)
  );
}

/**
 * Calls `end(CLOSED_OUTPUT_EXIT)` when a write to one of STREAMS finds its reader gone; any other write error is
 * thrown as before.
 */
export function endWhenReaderGoes(streams: readonly NodeJS.WritableStream[], end: (code: number) => void): void {
  for (const stream of streams)
    stream.on('error', (error: unknown) => {
      if (!readerGone(error)) throw error;
      end(CLOSED_OUTPUT_EXIT);
    });
}
