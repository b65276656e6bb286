/** One follow-up run kept in a GPU run's folder (focus-N-COMMIT). */
export interface FollowUp {
  name: string;
  ordinal: number;
  commit: string;
  dir: string;
}

/** The follow-up runs kept in a run's folder, in the order they ran. */
export function followUps(runDir: string): FollowUp[];
