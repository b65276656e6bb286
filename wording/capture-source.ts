/**
 * Whether a capture recorded the file its frames were decoded from. The inspector hashes the video it decoded; the
 * recorder, inside the user's process, never sees the video: it hashes the process's script, or zero bytes where it
 * could not read one, so two recorder captures agreeing on that hash says nothing about their frames.
 */
import type { CaptureSummary } from '../contract/capture-summary';

/** The SHA-256 of zero bytes: what a capture carries where no source file was read. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The fact a recorder capture lists among those not taken when it could not read a source file to hash
 * (python/src/zci/manifest.py). */
const SOURCE_NOT_TAKEN = 'source file';

/** Why a capture holds no source file its frames were decoded from, or null when it holds one. */
export function sourceNotRecorded(capture: Pick<CaptureSummary, 'source' | 'recorded'>): string | null {
  const { recorded, source } = capture;
  if (source.sha256 === EMPTY_SHA256 || recorded?.notTaken.some((n) => n.fact === SOURCE_NOT_TAKEN) === true)
    return 'no source file was recorded (the hash is of zero bytes)';
  if (recorded !== undefined) return 'recorded in your process, which names no video (the hash is of its script)';
  return null;
}
