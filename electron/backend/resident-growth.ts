/**
 * What the backend's resident memory grew by while one open or one frame step ran, measured only where nothing else
 * measured ran beside it: another open or step (of any client), the decoder A/B, process-wide work (the addon's
 * warm-up, loading the operator libraries), or a closed file's teardown, which frees its decoder's memory on a worker
 * thread after the close has answered. Growth over such an overlap is no one's own (a teardown's shrink would read as
 * less growth than the step had), and it is not attributed: the charge stays what it was. The addon reports no
 * per-process device memory, so only the process's resident memory is measured.
 */

/** Opens and steps being measured now. */
let inFlight = 0;
/** Process-wide work running now. */
let processWork = 0;
/** Counts every start and end of the above: a measurement that sees it move overlapped something. */
let disturbances = 0;

/** Resident memory of this process now, in bytes. */
export function residentBytes(): number {
  return process.memoryUsage.rss();
}

/** Runs process-wide work (the addon's warm-up, the environment probe) that no open's or step's growth should count. */
export function asProcessWork<T>(work: Promise<T>): Promise<T> {
  processWork += 1;
  disturbances += 1;
  return work.finally(() => {
    processWork -= 1;
    disturbances += 1;
  });
}

/**
 * How long a closed file's teardown counts as process-wide work, from its close. The addon destroys a closed decoder
 * on a worker thread and says nothing when it is done. A software decoder of a 1080p H.264 file that has stepped
 * across it is destroyed in about a millisecond (its ~25 MiB gone from the resident memory within 5 ms). An NVDEC
 * decoder's, measured on an H100 with scripts/gpu/close-teardown.cjs and the decoder pool off: the close took 147 to
 * 202 ms and the device memory was back by 179 to 233 ms after it began (docs/gpu-runs/2026-12-06-62cfda6/gpu-memory/;
 * with the pool on, the default, the decoder is parked instead and the close answers within 2 ms).
 * test/unit/open-charge-gpu.test.ts holds the device window to at least four times the slowest recorded release.
 * Each window is many times that. Any client's close therefore
 * leaves every step in its window charged by the model and the growth measured before, not measured itself.
 */
export const TEARDOWN_MS = { software: 100, device: 2000 } as const;

/** The teardown windows open now, each settled when it closes. */
const teardowns = new Set<Promise<void>>();

/**
 * Notes a file's teardown begun on a worker thread (a close in the background) of a decoder on the CPU or a device:
 * every measurement running now overlapped it, and one that starts in its window (TEARDOWN_MS) does too.
 */
export function noteTeardown(decoder: keyof typeof TEARDOWN_MS): void {
  processWork += 1;
  disturbances += 1;
  const settled = new Promise<void>((resolve) => {
    const done = setTimeout(() => {
      processWork -= 1;
      disturbances += 1;
      teardowns.delete(settled);
      resolve();
    }, TEARDOWN_MS[decoder]);
    done.unref();
  });
  teardowns.add(settled);
}

/** Settles once every teardown window open now has closed (and the steps after it are measured again). */
export async function teardownsSettled(): Promise<void> {
  await Promise.all([...teardowns]);
}

/** One open's or step's measurement, from its start. */
export interface Growth {
  /**
   * Bytes the process's resident memory grew by since the start (less than zero where it shrank), or null where
   * another measured open or step, or process-wide work, overlapped it: then the growth is not this work's own.
   */
  read(): number | null;
  /** Ends the measurement; a second call does nothing. */
  end(): void;
}

/** Starts measuring the growth of one open, step or decoder A/B (whose own growth is only ever a disturbance). */
export function measureGrowth(): Growth {
  const alone = inFlight === 0 && processWork === 0;
  inFlight += 1;
  disturbances += 1;
  const seen = disturbances;
  const before = residentBytes();
  let ended = false;
  return {
    read: () => (alone && !ended && disturbances === seen ? residentBytes() - before : null),
    end: () => {
      if (ended) return;
      ended = true;
      inFlight -= 1;
      disturbances += 1;
    },
  };
}
