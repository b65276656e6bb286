/** The backend's RPC handlers, one per method of the contract; a missing one fails to compile. */
import type { z } from 'zod';
import type { EnvironmentReport } from '../common/environment';
import type { FrameReport } from '../common/report';
import type { EventMap, EventName, MethodName, METHODS, ResultOf, AddonStatus } from '../common/contract';
import { RpcFailure, rpcError } from '../common/envelope';
import type { OpenOptions, PlaneThumbnail } from '../../native/index';
import type { AppIdentity } from './app-version';
import { createCaptureHandlers } from './capture-handlers';
import type { ClientSession, SessionLike } from './client-session';
import type { Persistence } from './persist';
import { createPreviewHandlers } from './preview-handlers';
import { toWireThumbnail } from './thumbnails';
import { resolveUserPath } from './user-path';

/** The part of the addon the handlers use. */
export interface AddonLike {
  Session: { open(path: string, options?: OpenOptions): Promise<SessionLike> };
  environment(): EnvironmentReport;
  setLibraryPath(path: string | null): void;
}

/** What every handler may use. */
export interface HandlerContext {
  client: ClientSession;
  emit<E extends EventName>(event: E, payload: EventMap[E]): void;
}

/** Process-wide things the handlers share. */
export interface BackendDeps {
  addon: AddonLike | null;
  addonStatus: AddonStatus;
  persistence: Persistence;
  samplePath: string | null;
  cwd: string;
  startedAt: Date;
  /** Written into captures; "unknown" when absent. */
  app?: AppIdentity;
}

/** A handler for one method: validated parameters in, the method's result out. */
export type Handler<M extends MethodName> = (
  params: z.output<(typeof METHODS)[M]['params']>,
  ctx: HandlerContext,
) => Promise<ResultOf<M>>;

/** One handler for every method. */
export type Handlers = { [M in MethodName]: Handler<M> };

function requireAddon(deps: BackendDeps): AddonLike {
  if (deps.addon === null) {
    throw new RpcFailure(
      rpcError(
        'INTERNAL',
        `The native addon could not be loaded: ${deps.addonStatus.error ?? 'unknown reason'}`,
        'Build it with npm run build:native (needs FFmpeg development packages and the CUDA toolkit).',
      ),
    );
  }
  return deps.addon;
}

/** Builds the handlers over shared dependencies. */
export function createHandlers(deps: BackendDeps): Handlers {
  const frameOptions = (proof: boolean | undefined) => ({ proof: proof ?? deps.persistence.getSettings().proof });
  return {
    environment: async () => {
      let report: EnvironmentReport | null = null;
      let status = deps.addonStatus;
      if (deps.addon !== null) {
        try {
          report = deps.addon.environment();
        } catch (error) {
          status = { ...status, error: `environment() failed: ${String(error)}` };
        }
      }
      return {
        addon: status,
        report,
        backend: { pid: process.pid, startedAt: deps.startedAt.toISOString(), node: process.versions.node },
        samplePath: deps.samplePath,
      };
    },
    open: async ({ path, options }, { client, emit }) =>
      client.serial(async () => {
        const addon = requireAddon(deps);
        const file = await resolveUserPath(path, deps.cwd);
        const settings = deps.persistence.getSettings();
        emit('progress', { stage: 'opening', message: `Opening ${file}`, fraction: null });
        try {
          const session = await addon.Session.open(file, {
            decode: settings.decode,
            device: settings.device,
            holdFrames: settings.holdFrames,
            ...options,
          });
          client.replace(session, file);
          deps.persistence.opened(file);
          return { info: session.info };
        } finally {
          emit('progress', { stage: 'done', message: '', fraction: 1 });
        }
      }),
    close: async (_params, { client }) => client.serial(async () => ({ closed: client.close() })),
    frame: async ({ index, proof }, { client, emit }) =>
      client.serial(async () => {
        const session = client.current();
        emit('progress', { stage: 'seeking', message: `Decoding frame ${index}`, fraction: null });
        try {
          const report = await session.frame(index, frameOptions(proof));
          noteViewed(deps, client, report);
          return report;
        } finally {
          emit('progress', { stage: 'done', message: '', fraction: 1 });
        }
      }),
    frameAtTime: async ({ seconds, proof }, { client, emit }) =>
      client.serial(async () => {
        const session = client.current();
        emit('progress', {
          stage: 'seeking',
          message: `Decoding the frame at ${seconds.toFixed(3)} s`,
          fraction: null,
        });
        try {
          const report = await session.frameAtTime(seconds, frameOptions(proof));
          noteViewed(deps, client, report);
          return report;
        } finally {
          emit('progress', { stage: 'done', message: '', fraction: 1 });
        }
      }),
    thumbnails: async ({ maxWidth }, { client }) =>
      client.serial(async () => {
        const thumbs: PlaneThumbnail[] = await client.current().thumbnails(maxWidth);
        return thumbs.map(toWireThumbnail);
      }),
    listRecent: async () => deps.persistence.listRecent(),
    getSettings: async () => deps.persistence.getSettings(),
    setSettings: async (patch) => {
      const before = deps.persistence.getSettings();
      const after = deps.persistence.setSettings(patch);
      if (deps.addon !== null && after.libraryPath !== before.libraryPath) deps.addon.setLibraryPath(after.libraryPath);
      return after;
    },
    samplePath: async () => ({ path: deps.samplePath }),
    ...createPreviewHandlers(),
    ...createCaptureHandlers(deps, deps.app ?? { name: 'zerocopy-inspector', version: 'unknown' }),
  };
}

function noteViewed(deps: BackendDeps, client: ClientSession, report: FrameReport): void {
  client.viewed(report.frameIndex, report);
  const file = client.snapshot().lastFile;
  if (file !== null) deps.persistence.viewed(file, report.frameIndex);
}
