/**
 * Turns one raw message into one response: shape check, method check, parameter schema, handler, envelope. The
 * handler runs as serving its client's request (request-scope.ts), so the settings it reads are that client's.
 */
import { z } from 'zod';
import { isMethodName, METHODS, type MethodName } from '../../contract/contract';
import { rpcError, toRpcError } from '../../contract/envelope';
import { MAX_REQUEST_BYTES, requestSchema, type WireResponse } from '../../contract/wire';
import type { HandlerContext, Handlers, Handler } from './handlers/types';
import { withOperatorDevice } from './operator-device';
import type { Persistence } from './persist';
import { withinRequest } from './request-scope';

/** Handles one raw request string; never throws, always answers (id -1 when the id is unreadable). The settings are
 * where the operator device a request asks for is read (absent: only an open's own options name one). */
export async function dispatch(
  handlers: Handlers,
  raw: string,
  ctx: HandlerContext,
  settings: Pick<Persistence, 'getSettings'> | null = null,
): Promise<WireResponse> {
  if (raw.length > MAX_REQUEST_BYTES) {
    return failure(
      -1,
      'INVALID_ARGUMENT',
      `Request of ${raw.length} bytes is over the ${MAX_REQUEST_BYTES}-byte limit.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return failure(-1, 'INVALID_ARGUMENT', 'Request is not JSON.');
  }
  const request = requestSchema.safeParse(parsed);
  if (!request.success) {
    return failure(idOf(parsed), 'INVALID_ARGUMENT', `Malformed request: ${z.prettifyError(request.error)}`);
  }
  const { id, method, params } = request.data;
  if (!isMethodName(method)) return failure(id, 'INVALID_ARGUMENT', `Unknown method ${method}.`);
  return call(handlers, method, id, params, ctx, settings);
}

async function call<M extends MethodName>(
  handlers: Handlers,
  method: M,
  id: number,
  params: unknown,
  ctx: HandlerContext,
  settings: Pick<Persistence, 'getSettings'> | null,
): Promise<WireResponse> {
  const checked = METHODS[method].params.safeParse(params ?? {});
  if (!checked.success) {
    return failure(id, 'INVALID_ARGUMENT', `Invalid parameters for ${method}: ${z.prettifyError(checked.error)}`);
  }
  const handler = handlers[method] as Handler<M>;
  try {
    const result = await withinRequest({ client: ctx.client }, () =>
      withOperatorDevice(method, checked.data, ctx.client, settings, (p) =>
        handler(p as Parameters<Handler<M>>[0], ctx),
      ),
    );
    return { kind: 'response', id, ok: true, result } as WireResponse;
  } catch (error) {
    return { kind: 'response', id, ok: false, error: toRpcError(error) };
  }
}

function failure(id: number, code: 'INVALID_ARGUMENT', message: string): WireResponse {
  return { kind: 'response', id, ok: false, error: rpcError(code, message) };
}

function idOf(value: unknown): number {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : -1;
}
