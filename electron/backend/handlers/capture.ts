/** The capture methods of the RPC: open a capture for replay, save the open session as one, captured operators. */
import type { AppIdentity } from '../../app/app-identity';
import { loadOrCreateSigningKey } from '../../app/signing-key';
import { resolveUserPath } from '../../app/user-path';
import { writeCaptureFile } from '../../capture/capture-write';
import { openCaptureFile } from '../../capture/capture-open';
import { liveCaptureMeta } from '../../capture/capture-meta';
import { CaptureSession } from '../../capture/capture-session';
import { collectCapture, type CaptureMeta } from '../../capture/collect';
import { withPreviews } from '../../capture/operator-previews';
import { resolveCapturePath } from '../../capture/output-path';
import { toWireThumbnail } from '../show-wire';
import { shapeOfInfo } from '../open-budget';
import { beginSave } from '../step-budget';
import { DEFAULT_CAPTURE_THUMBNAIL_WIDTH, type CaptureFrames, type CaptureSelection } from '../../../contract/capture';
import { mibWords } from '../../../wording/byte-words';
import { RpcFailure, rpcError } from '../../../contract/envelope';
import { MAX_RESPONSE_BYTES } from '../../../contract/wire';
import type { EnvironmentReport } from '../../../contract/environment';
import type { ClientSession } from '../client-session';
import type { OpenedCapture } from '../../capture/capture-file';
import type { BudgetedDeps, Handlers } from './types';

/** The capture handlers' part of the handler map. */
type CaptureHandlers = Pick<Handlers, 'openCapture' | 'saveCapture' | 'capturedOperators' | 'captureFrame'>;

/** The frame indices a selection names, and what kind of selection it was. */
export function selectFrames(
  frames: CaptureFrames | undefined,
  visited: number[],
): { frames: number[]; selection: CaptureSelection } {
  if (frames === undefined) {
    if (visited.length === 0) {
      throw new RpcFailure(
        rpcError('INVALID_ARGUMENT', 'No frame has been shown yet.', 'Show a frame, or name frames.'),
      );
    }
    return { frames: visited, selection: 'visited' };
  }
  if (Array.isArray(frames)) return { frames: [...new Set(frames)].sort((a, b) => a - b), selection: 'list' };
  const range: number[] = [];
  for (let frame = frames.from; frame <= frames.to; frame += 1) range.push(frame);
  return { frames: range, selection: 'range' };
}

/** Bytes an open capture holds: its files as read, and every picture decoded (each PNG once, at most). */
function heldBytes(opened: OpenedCapture): number {
  let files = 0;
  for (const bytes of opened.files.values()) files += bytes.byteLength;
  return files + opened.decodedBytes;
}

/** Builds the capture handlers over the backend's shared dependencies. */
export function createCaptureHandlers(deps: BudgetedDeps, app: AppIdentity): CaptureHandlers {
  /** What a capture of the client's open file records: a capture's own origin, or the video's, made here. */
  const metaFor = (client: ClientSession, selection: CaptureSelection, width: number): Promise<CaptureMeta> =>
    client.current().captureMeta(selection, () => liveMeta(client, selection, width));
  const liveMeta = async (client: ClientSession, selection: CaptureSelection, width: number): Promise<CaptureMeta> => {
    const file = client.snapshot().lastFile;
    if (file === null) throw new RpcFailure(rpcError('CLOSED', 'No file is open.'));
    const settings = deps.persistence.getSettings();
    let environment: EnvironmentReport | null;
    try {
      environment = (await deps.addon?.environmentAsync()) ?? null;
    } catch {
      environment = null;
    }
    return liveCaptureMeta({
      file,
      app,
      environment,
      options: {
        decode: settings.decode,
        device: settings.device,
        ...(settings.operatorDevice !== null ? { operatorDevice: settings.operatorDevice } : {}),
        ...(settings.peerAccess ? { peerAccess: true } : {}),
        proof: settings.proof,
        thumbnailWidth: width,
      },
      selection,
    });
  };
  return {
    openCapture: async ({ path }, { client, emit }) =>
      client.serial(async () => {
        await deps.paths.check(path, deps.cwd);
        const file = await resolveUserPath(path, deps.cwd);
        emit('progress', { stage: 'opening', message: `Opening the capture ${file}`, fraction: null });
        try {
          const opened = await openCaptureFile(file, { configDir: deps.configDir ?? null });
          // Charged before any picture is decoded: the open measured every one.
          const charge = deps.memory.charge(heldBytes(opened), `Holding the capture ${file}`);
          const session = new CaptureSession(opened, file);
          client.replace(session, file, charge);
          deps.persistence.opened(file);
          return { info: session.info, capture: session.summary };
        } finally {
          emit('progress', { stage: 'done', message: '', fraction: 1 });
        }
      }),
    saveCapture: async ({ path, frames, thumbnailWidth, memory, probe, overwrite }, { client, emit }) =>
      client.cancellable((signal) =>
        client.serial(async () => {
          const session = client.current();
          await deps.paths.check(path, deps.cwd);
          const target = await resolveCapturePath(path, deps.cwd, overwrite === true);
          const chosen = selectFrames(frames, client.visitedFrames());
          const width = thumbnailWidth ?? DEFAULT_CAPTURE_THUMBNAIL_WIDTH;
          const meta = await metaFor(client, chosen.selection, width);
          // Each frame of a live video is a step of the file, admitted before its decode; what the frames keep is
          // held until the capture is written (step-budget.ts), a replayed capture's too. Refused, the save writes
          // nothing.
          const budget = beginSave(
            deps.memory,
            client.heldCharge(),
            client.snapshot().lastFile ?? session.info.path,
            shapeOfInfo(session.info, null),
          );
          try {
            const contents = await collectCapture(
              withPreviews(session.captureSource(), width),
              chosen.frames,
              meta,
              (done, total, frame) =>
                emit('progress', {
                  stage: 'capturing',
                  message: `Capturing frame ${frame} (${Math.min(done + 1, total)} of ${total})`,
                  fraction: total === 0 ? 1 : done / total,
                }),
              client.visitedReports(),
              signal,
              { ...(memory !== undefined ? { kinds: memory } : {}), ...(probe !== undefined ? { probe } : {}) },
              (index, ask) => budget.frame(index, ask),
            );
            const configDir = deps.configDir ?? null;
            const key = configDir !== null ? await loadOrCreateSigningKey(configDir) : null;
            const bytes = await writeCaptureFile(target, contents, { key, overwrite: overwrite === true, configDir });
            return { path: target, frames: contents.manifest.frames.map((frame) => frame.index), bytes };
          } finally {
            budget.release();
            emit('progress', { stage: 'done', message: '', fraction: 1 });
          }
        }),
      ),
    // Read apart from the client's own session, which stays open: the capture is opened (within its budgets, on the
    // capture worker), one frame read, and closed again.
    captureFrame: async ({ path, index, thumbnails }, { client }) =>
      client.serial(async () => {
        await deps.paths.check(path, deps.cwd);
        const file = await resolveUserPath(path, deps.cwd);
        const opened = await openCaptureFile(file, { configDir: deps.configDir ?? null });
        const charge = deps.memory.charge(heldBytes(opened), `Reading a frame of the capture ${file}`);
        const other = new CaptureSession(opened, file);
        try {
          const shown = await other.show({ index }, { thumbnailWidth: thumbnails.maxWidth });
          return {
            capture: other.summary,
            report: shown.report,
            thumbnails: (shown.thumbnails ?? []).map(toWireThumbnail),
          };
        } finally {
          other.close();
          charge.release();
        }
      }),
    capturedOperators: async ({ index }, { client }) =>
      client.serial(async () => {
        // Sized before any PNG is checked: an answer the renderer would drop is refused, and one that fits is charged.
        // A video was captured with none.
        const { bytes, read } = client.current().capturedOperators(index);
        if (bytes > MAX_RESPONSE_BYTES)
          throw new RpcFailure(
            rpcError(
              'ANSWER_TOO_LARGE',
              `The operator previews of frame ${index} take ${mibWords(bytes)} on the wire, over the ${mibWords(MAX_RESPONSE_BYTES)} an answer may take.`,
              'Save the capture again with smaller or fewer previews.',
            ),
          );
        return deps.memory.during(bytes, `The operator previews of frame ${index}`, async () => read());
      }),
  };
}
