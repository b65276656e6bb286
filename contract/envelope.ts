/** The error envelope that crosses every process boundary: a stable code, a message and a remedy. */
import { z } from 'zod';
import { DEFAULT_REMEDIES, ERROR_CODES, isErrorCode, type ErrorCode } from './errors';

/** The only error triple: what the RPC answers, what a show's failed preview carries, what the renderer shows. */
export const rpcErrorSchema = z.object({ code: z.enum(ERROR_CODES), message: z.string(), remedy: z.string() });

/** An error as the renderer receives it. */
export type RpcError = z.infer<typeof rpcErrorSchema>;

/** Builds an envelope, filling in the default remedy for the code. */
export function rpcError(code: ErrorCode, message: string, remedy?: string): RpcError {
  return { code, message, remedy: remedy !== undefined && remedy !== '' ? remedy : DEFAULT_REMEDIES[code] };
}

/** Turns anything thrown (an InspectorError, an Error, a string) into an envelope. */
export function toRpcError(thrown: unknown): RpcError {
  if (typeof thrown === 'object' && thrown !== null) {
    const record = thrown as { code?: unknown; message?: unknown; remedy?: unknown };
    const message = typeof record.message === 'string' ? record.message : String(thrown);
    const remedy = typeof record.remedy === 'string' ? record.remedy : undefined;
    if (isErrorCode(record.code)) return rpcError(record.code, message, remedy);
    return rpcError('INTERNAL', message, remedy);
  }
  return rpcError('INTERNAL', String(thrown));
}

/** An Error subclass that carries an envelope, thrown by the backend and by the renderer's client. */
export class RpcFailure extends Error {
  /** The envelope this failure carries. */
  readonly envelope: RpcError;

  constructor(envelope: RpcError) {
    super(envelope.message);
    this.name = 'RpcFailure';
    this.envelope = envelope;
  }

  /** The stable error code. */
  get code(): ErrorCode {
    return this.envelope.code;
  }

  /** What the user can do. */
  get remedy(): string {
    return this.envelope.remedy;
  }
}
