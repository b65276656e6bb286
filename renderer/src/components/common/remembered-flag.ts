/**
 * A yes/no the window remembers across steps, files and restarts (a panel's collapse, a disclosure left open), kept in
 * its local storage under a prefix and a name: stored only while true, false where local storage cannot be read.
 */

/** Whether the flag was left set; false where local storage cannot be read. */
export function readFlag(prefix: string, id: string): boolean {
  try {
    return window.localStorage.getItem(prefix + id) === 'true';
  } catch {
    return false;
  }
}

/** Keeps the flag; without local storage the control still works, only the memory of it is lost. */
export function writeFlag(prefix: string, id: string, set: boolean): void {
  try {
    if (set) window.localStorage.setItem(prefix + id, 'true');
    else window.localStorage.removeItem(prefix + id);
  } catch {
    // Nothing to keep it in.
  }
}
