/** Which state the operators panel is in, from its last preview and error. */
import type { RpcError } from '../../../../contract/envelope';
import type { PreviewResult } from '../../../../contract/show';

/** What the panel shows: a GPU result, the unavailable state, or nothing yet. */
export type OperatorsState = 'gpu' | 'unavailable' | 'waiting';

/** The state of the panel for its props. */
export function operatorsState(preview: PreviewResult | null, error: RpcError | null): OperatorsState {
  if (error !== null) return 'unavailable';
  return preview?.gpu === true ? 'gpu' : 'waiting';
}
