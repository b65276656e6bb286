/** The frame methods of the RPC: a frame by index or by time, and the plane thumbnails of the frame shown. */
import type { FrameReport } from '../../common/report';
import type { ClientSession } from '../client-session';
import { toWireThumbnail } from '../thumbnail-wire';
import type { BackendDeps, HandlerContext, Handlers } from './types';

/** Notes the frame shown, for captures of the visited frames, for recents and for a restart. */
function noteViewed(deps: BackendDeps, client: ClientSession, report: FrameReport): void {
  client.viewed(report.frameIndex, report);
  const file = client.snapshot().lastFile;
  if (file !== null) deps.persistence.viewed(file, report.frameIndex);
}

/**
 * Decodes frame index of the client's open file as the frame method does (progress, the proof unless the call or the
 * settings say not, the frame noted as shown); call it inside the client's queue.
 */
export async function decodeFrame(
  deps: BackendDeps,
  { client, emit }: HandlerContext,
  index: number,
  proof: boolean | undefined,
  signal: AbortSignal,
): Promise<FrameReport> {
  const session = client.current();
  emit('progress', { stage: 'seeking', message: `Decoding frame ${index}`, fraction: null });
  try {
    const report = await session.frame(index, { proof: proof ?? deps.persistence.getSettings().proof, signal });
    noteViewed(deps, client, report);
    return report;
  } finally {
    emit('progress', { stage: 'done', message: '', fraction: 1 });
  }
}

/** Builds the frame handlers; each runs in the client's queue, the proof on unless the call or the settings say not. */
export function createFrameHandlers(deps: BackendDeps): Pick<Handlers, 'frame' | 'frameAtTime' | 'thumbnails'> {
  const frameOptions = (proof: boolean | undefined, signal: AbortSignal) => ({
    proof: proof ?? deps.persistence.getSettings().proof,
    signal,
  });
  return {
    frame: async ({ index, proof }, ctx) =>
      ctx.client.cancellable((signal) => ctx.client.serial(() => decodeFrame(deps, ctx, index, proof, signal))),
    frameAtTime: async ({ seconds, proof }, { client, emit }) =>
      client.cancellable((signal) =>
        client.serial(async () => {
          const session = client.current();
          emit('progress', {
            stage: 'seeking',
            message: `Decoding the frame at ${seconds.toFixed(3)} s`,
            fraction: null,
          });
          try {
            const report = await session.frameAtTime(seconds, frameOptions(proof, signal));
            noteViewed(deps, client, report);
            return report;
          } finally {
            emit('progress', { stage: 'done', message: '', fraction: 1 });
          }
        }),
      ),
    thumbnails: async ({ maxWidth }, { client }) =>
      client.serial(async () => (await client.current().thumbnails(maxWidth)).map(toWireThumbnail)),
  };
}
