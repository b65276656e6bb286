/** What every RPC handler is: its context, the backend's shared dependencies, and the map of one handler per method. */
import type { z } from 'zod';
import type { AppIdentity } from '../../app/app-identity';
import type { AddonModule } from '../../addon/native';
import type { PathPolicy } from '../../app/path-policy';
import type { BackendBudgets } from '../../../contract/budgets';
import type { AddonStatus, EventMap, EventName, MethodName, METHODS, ResultOf } from '../../../contract/contract';
import type { ComparePlant } from '../../../contract/decoder-compare';
import type { FfmpegChoice } from '../../../contract/ffmpeg-choice';
import type { ClientSession } from '../client-session';
import type { MemoryBudget } from '../memory-budget';
import type { Persistence } from '../persist';
import type { SourceHasher } from '../source-hash';

/** What every handler may use. */
export interface HandlerContext {
  client: ClientSession;
  emit<E extends EventName>(event: E, payload: EventMap[E]): void;
}

/** Process-wide things the handlers share. */
export interface BackendDeps {
  addon:
    | (Pick<AddonModule, 'Session' | 'environmentAsync' | 'setLibraryPath' | 'warmUp'> &
        Partial<Pick<AddonModule, 'compareDecoders'>>)
    | null;
  addonStatus: AddonStatus;
  persistence: Persistence;
  /** Where paths named over the RPC may lie. */
  paths: Pick<PathPolicy, 'check'>;
  samplePath: string | null;
  cwd: string;
  startedAt: Date;
  /** Written into captures; "unknown" when absent. */
  app?: AppIdentity;
  /**
   * The config folder: this installation's capture-signing key, and the record of capture files being written.
   * Absent: captures are written unsigned and unrecorded.
   */
  configDir?: string | null;
  /** A test hook: one sample planted in side A of decoder comparisons (ZCI_TEST_HOOK_PLANT), so a difference shows. */
  plant?: ComparePlant | null;
  /** The FFmpeg choices whose addon variant is here, and the one this backend loaded (default: the system's only). */
  ffmpeg?: { available: readonly FfmpegChoice[]; loaded: FfmpegChoice | null };
  /** The budgets whoever started the backend set (default: derived from this machine's memory). */
  budgets?: BackendBudgets;
  /** The backend's memory, charged by every client (default: a budget of budgets.memoryBytes). */
  memory?: MemoryBudget;
  /** Hashes the files open live, for every client (default: SOURCE_HASH_MAX_BYTES, two files at a time). */
  sourceHasher?: SourceHasher;
}

/** BackendDeps with the budgets resolved: what the handlers use. */
export type BudgetedDeps = BackendDeps & { budgets: BackendBudgets; memory: MemoryBudget };

/** A handler for one method: validated parameters in, the method's result out. */
export type Handler<M extends MethodName> = (
  params: z.output<(typeof METHODS)[M]['params']>,
  ctx: HandlerContext,
) => Promise<ResultOf<M>>;

/** One handler for every method. */
export type Handlers = { [M in MethodName]: Handler<M> };
