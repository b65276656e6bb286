/**
 * What the backend's resident memory grew by while one open or one frame step ran, measured only where nothing else
 * measured ran beside it: another open or step (of any client), the decoder A/B, or process-wide work (the addon's
 * warm-up, loading the operator libraries). Growth over such an overlap is no one's own, and it is not attributed: the charge stays the
 * cost model's. The addon reports no per-process device memory, so only the process's resident memory is measured.
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
