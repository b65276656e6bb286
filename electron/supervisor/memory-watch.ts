/**
 * The backend's resident memory, read from /proc, against a limit: past it the supervisor restarts the backend
 * itself, before the kernel's OOM killer picks a process (perhaps the user's editor). An address-space limit
 * (RLIMIT_AS) cannot do this job: CUDA reserves far more address space than it ever touches.
 */
import { readFileSync } from 'node:fs';

/** How often the resident size is read. At the fastest growth seen (about 1 GiB/s) a sample every 100 ms lets the
 * process pass its limit by about 100 MiB at most. */
const MEMORY_WATCH_INTERVAL_MS = 100;

/**
 * The backend's allocator, set in its environment: glibc's mmap threshold fixed at its default (128 KiB). Left
 * dynamic, the threshold rises with the first large block freed, and the decoder tables and pictures of a file that
 * was closed stay in the heap, resident: this watch, and the budget's reconciliation of an open with its growth, would
 * count them as held. Measured: 20 s of refused opens of the 4:4:4 file at the pixel budget at --memory-budget 1024
 * passed the 1,280 MiB limit in three runs of four without it, peaked at 1,009 MiB with it.
 */
export const BACKEND_ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** The resident set of a process in bytes (VmRSS), or null when it cannot be read (gone, or not Linux). */
export function residentBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    return kib === undefined ? null : Number(kib) * 1024;
  } catch {
    return null;
  }
}

/** What the watch saw when it stopped a process. */
export interface OverLimit {
  residentBytes: number;
  limitBytes: number;
}

/**
 * Samples a process's resident size until stopped; calls onOver once, with what it saw, when it passes the limit.
 * Returns the function that stops watching.
 */
export function watchMemory(
  pid: number,
  limitBytes: number,
  onOver: (seen: OverLimit) => void,
  read: (pid: number) => number | null = residentBytes,
): () => void {
  let peak = 0;
  const timer = setInterval(() => {
    const bytes = read(pid);
    if (bytes === null) return;
    peak = Math.max(peak, bytes);
    if (bytes > limitBytes) {
      clearInterval(timer);
      onOver({ residentBytes: bytes, limitBytes });
    }
  }, MEMORY_WATCH_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
