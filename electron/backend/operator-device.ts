/**
 * An operator device the driver does not list fails the previews that need it, not the open: the addon checks the
 * device when a file opens, so an open refused for it is tried again without one, and that client's previews are
 * refused with the open's error until it opens another file. Decoding, reports and thumbnails never needed it.
 */
import type { MethodName, ParamsOf } from '../../contract/contract';
import { toRpcError, type RpcError } from '../../contract/envelope';
import type { PreviewOutcome, ShowResult } from '../../contract/show';
import type { ClientSession } from './client-session';
import type { Persistence } from './persist';
import { currentRequest, withinRequest } from './request-scope';

/** Whether a preview runs an operator on the device (all but the CPU reference). */
function needsDevice(preview: unknown): boolean {
  return (preview as { op?: unknown }).op !== 'reference';
}

/** A handler call with its validated parameters. */
type Invoke = (params: unknown) => Promise<unknown>;

type ShowParams = ParamsOf<'show'>;

/** A show whose previews that need the missing device answer its error in their outcomes (with the CPU reference
 * as result when the show asks to fall back to it); the rest run. */
async function showWithoutDevice(params: ShowParams, missing: RpcError, invoke: Invoke): Promise<unknown> {
  const asked = params.options?.previews ?? [];
  if (!asked.some(needsDevice)) return invoke(params);
  const fallback = params.options?.fallbackToReference === true;
  const runnable = asked.flatMap((preview) =>
    !needsDevice(preview) ? [preview] : fallback ? [{ op: 'reference' as const, maxWidth: preview.maxWidth }] : [],
  );
  const answer = (await invoke({ ...params, options: { ...params.options, previews: runnable } })) as ShowResult;
  const ran = [...answer.previews];
  const previews: PreviewOutcome[] = asked.map((preview) => {
    if (!needsDevice(preview)) return ran.shift() ?? { result: null, error: missing };
    return { result: fallback ? (ran.shift()?.result ?? null) : null, error: missing };
  });
  return { ...answer, previews };
}

/** Calls a handler for a client, with an operator device that does not exist held to the previews. */
export async function withOperatorDevice(
  method: MethodName,
  params: unknown,
  client: ClientSession,
  settings: Pick<Persistence, 'getSettings'> | null,
  invoke: Invoke,
): Promise<unknown> {
  const missing = client.operatorDeviceMissing();
  if (missing !== null && method === 'show') return showWithoutDevice(params as ShowParams, missing, invoke);
  if (method !== 'open') return invoke(params);
  const { options, ...rest } = params as { options?: { operatorDevice?: number } };
  const asked = options?.operatorDevice ?? settings?.getSettings().operatorDevice ?? null;
  try {
    return await invoke(params);
  } catch (error) {
    const refused = toRpcError(error);
    if (refused.code !== 'NO_CUDA_DEVICE' || asked === null) throw error;
    // Again without the operator device: if the decoder's own device is the one missing, this fails as well, and
    // that error is the answer.
    const others = { ...options };
    delete others.operatorDevice;
    const scope = currentRequest() ?? { client };
    const result = await withinRequest({ ...scope, override: { ...scope.override, operatorDevice: null } }, () =>
      invoke({ ...rest, ...(options === undefined ? {} : { options: others }) }),
    );
    client.setOperatorDeviceError(refused);
    return result;
  }
}
