/**
 * The frame methods of the RPC: a frame by index or by time, with what the request asks to bring back (thumbnails,
 * one operator preview), answered by one addon call; and a preview of a named frame.
 */
import type { ShowOptions, ShowResult } from '../../addon/native';
import type { FrameAnswer, ParamsOf } from '../../../contract/contract';
import { RpcFailure, rpcError } from '../../../contract/envelope';
import type { ClientSession } from '../client-session';
import { toWirePreview } from '../preview-wire';
import { toWireThumbnail } from '../thumbnail-wire';
import type { BackendDeps, Handlers } from './types';

/** What a frame request may bring back, as the contract spells it. */
type BringBack = Omit<ParamsOf<'frame'>, 'index'>;

/** Notes the frame shown, for captures of the visited frames, for recents and for a restart. */
function noteViewed(deps: BackendDeps, client: ClientSession, answer: ShowResult): void {
  client.viewed(answer.report.frameIndex, answer.report);
  const file = client.snapshot().lastFile;
  if (file !== null) deps.persistence.viewed(file, answer.report.frameIndex);
}

/** The addon's wire form of a ShowResult. */
function toAnswer(result: ShowResult, op: BringBack['preview']): FrameAnswer {
  const outcome = op === undefined ? undefined : result.previews[0];
  return {
    report: result.report,
    thumbnails: result.thumbnails?.map(toWireThumbnail) ?? null,
    preview: outcome?.result == null ? null : toWirePreview(outcome.result.op, outcome.result),
    previewError: outcome?.error ?? null,
    ...(result.ledger === undefined ? {} : { ledger: result.ledger }),
  };
}

/** Builds the frame handlers; each runs in the client's queue, the proof on unless the call or the settings say not. */
export function createFrameHandlers(deps: BackendDeps): Pick<Handlers, 'frame' | 'frameAtTime' | 'preview'> {
  const showOptions = (params: BringBack, signal: AbortSignal): ShowOptions => ({
    proof: params.proof ?? deps.persistence.getSettings().proof,
    signal,
    ...(params.thumbnails === undefined ? {} : { thumbnailWidth: params.thumbnails.maxWidth }),
    ...(params.preview === undefined ? {} : { previews: [params.preview] }),
    ...(params.fallbackToReference === undefined ? {} : { fallbackToReference: params.fallbackToReference }),
  });
  const show = (client: ClientSession, params: BringBack, at: (signal: AbortSignal) => Promise<ShowResult>) =>
    client.cancellable((signal) =>
      client.latest(async () => {
        const result = await at(signal);
        noteViewed(deps, client, result);
        return toAnswer(result, params.preview);
      }),
    );
  return {
    frame: async ({ index, ...params }, { client }) =>
      show(client, params, (signal) => client.current().show({ index }, showOptions(params, signal))),
    // The addon maps the time to its frame (exactly, by timestamps), in the same one call.
    frameAtTime: async ({ seconds, ...params }, { client }) =>
      show(client, params, (signal) => client.current().show({ seconds }, showOptions(params, signal))),
    preview: async ({ index, ...params }, { client }) =>
      client.serial(async () => {
        const [outcome] = (await client.current().show({ index }, { proof: false, previews: [params] })).previews;
        if (outcome === undefined || outcome.error !== null || outcome.result === null) {
          const error = outcome?.error ?? {
            code: 'INTERNAL' as const,
            message: 'No preview came back.',
            remedy: '',
          };
          throw new RpcFailure(rpcError(error.code, error.message, error.remedy));
        }
        return toWirePreview(params.op, outcome.result);
      }),
  };
}
