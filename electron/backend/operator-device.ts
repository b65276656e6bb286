/**
 * An operator device the driver does not list fails the previews that need it, not the open: the addon checks the
 * device when a file opens, so an open refused for it is tried again without one, and that client's previews are
 * refused with the open's error until it opens another file. Decoding, reports and thumbnails never needed it.
 */
import type { FrameAnswer, MethodName } from '../../contract/contract';
import { RpcFailure, toRpcError } from '../../contract/envelope';
import type { ClientSession } from './client-session';
import type { Persistence } from './persist';
import { currentRequest, withinRequest } from './request-scope';

/** Whether a preview runs an operator on the device (all but the CPU reference). */
function needsDevice(preview: unknown): boolean {
  return (preview as { op?: unknown }).op !== 'reference';
}

/** A handler call with its validated parameters. */
type Invoke = (params: unknown) => Promise<unknown>;

/** Calls a handler for a client, with an operator device that does not exist held to the previews. */
export async function withOperatorDevice(
  method: MethodName,
  params: unknown,
  client: ClientSession,
  settings: Pick<Persistence, 'getSettings'> | null,
  invoke: Invoke,
): Promise<unknown> {
  const missing = client.operatorDeviceMissing();
  if (missing !== null && method === 'preview' && needsDevice(params)) throw new RpcFailure(missing);
  if (missing !== null && (method === 'frame' || method === 'frameAtTime')) {
    const { preview, ...rest } = params as { preview?: { op: string } };
    if (preview === undefined || !needsDevice(preview)) return invoke(params);
    const answer = (await invoke(rest)) as FrameAnswer;
    return { ...answer, preview: null, previewError: missing };
  }
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
