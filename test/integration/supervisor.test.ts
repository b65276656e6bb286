import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forkSpawner } from '../../electron/serve/fork-child';
import { describeExit, DEFAULT_RESTART_POLICY } from '../../electron/supervisor/policy';
import { BACKEND_ENV, type ChildMessage } from '../../electron/supervisor/protocol';
import { decodeWireMessage } from '../../contract/wire-frame';
import { Supervisor, type ChildHandle } from '../../electron/supervisor/supervisor';
import { fixture, ROOT } from '../support/paths';

const BACKEND = path.join(ROOT, 'out', 'backend', 'index.js');
const built = existsSync(BACKEND);

/** Short delays, the default number of restarts: the policy's arithmetic is checked above, its effect here. */
const QUICK = { ...DEFAULT_RESTART_POLICY, baseDelayMs: 10, maxDelayMs: 40 };

/** A backend process the Supervisor started, and how it ended. */
interface Started {
  handle: ChildHandle;
  exited: Promise<{ code: number | null; signal: string | null }>;
}

let dir: string;
let started: Started[];
let supervisors: Supervisor[];

/** Forks the built backend, as serve mode does, and notes each process it starts. */
function spawnBackend(): () => ChildHandle {
  // Serve mode's reach (BACKEND_ENV.root): the whole disk, so that the fixtures open.
  const fork = forkSpawner(BACKEND, {
    [BACKEND_ENV.configDir]: path.join(dir, 'config'),
    [BACKEND_ENV.cwd]: dir,
    [BACKEND_ENV.root]: '/',
  });
  return () => {
    const handle = fork();
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      handle.onExit((code, signal) => resolve({ code, signal })),
    );
    started.push({ handle, exited });
    return handle;
  };
}

function supervise(policy = DEFAULT_RESTART_POLICY): Supervisor {
  const supervisor = new Supervisor(spawnBackend(), policy);
  supervisors.push(supervisor);
  return supervisor;
}

/** Resolves with the next message of a type (for one client, when given) that the backend sends. */
function nextMessage(supervisor: Supervisor, type: ChildMessage['type'], id?: number): Promise<ChildMessage> {
  return new Promise((resolve) => {
    const listener = (message: ChildMessage): void => {
      if (message.type !== type) return;
      if (
        id !== undefined &&
        (message.type !== 'message' || (decodeWireMessage(message.data) as { id: number }).id !== id)
      )
        return;
      supervisor.off('message', listener);
      resolve(message);
    };
    supervisor.on('message', listener);
  });
}

/** Sends one RPC request for client c1 and resolves with its response. */
async function rpc(supervisor: Supervisor, id: number, method: string, params: unknown): Promise<unknown> {
  const answer = nextMessage(supervisor, 'message', id);
  supervisor
    .child()
    ?.send({ type: 'message', clientId: 'c1', data: JSON.stringify({ kind: 'request', id, method, params }) });
  const message = await answer;
  return message.type === 'message' ? decodeWireMessage(message.data) : null;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-supervisor-'));
  started = [];
  supervisors = [];
});

afterEach(async () => {
  for (const supervisor of supervisors) supervisor.stop();
  await Promise.all(started.map((child) => child.exited));
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!built)('Supervisor over the built backend (needs npm run build)', () => {
  it('restarts a dead backend and reports where each client was', async () => {
    const supervisor = supervise();
    const restarted = vi.fn();
    supervisor.on('restarted', restarted);
    const ready = nextMessage(supervisor, 'ready');
    const first = supervisor.start();
    expect(await ready).toEqual({ type: 'ready', pid: first.pid });
    first.send({ type: 'attach', clientId: 'c1', restarted: null });
    const clip = fixture('h264-odd-642x362.mp4');
    expect(await rpc(supervisor, 1, 'open', { path: clip })).toMatchObject({ ok: true });
    expect(await rpc(supervisor, 2, 'show', { target: { index: 7 } })).toMatchObject({
      ok: true,
      result: { report: { frameIndex: 7 } },
    });
    expect(supervisor.stateOf('c1')).toMatchObject({ lastFile: clip, lastFrame: 7 });

    const again = new Promise((resolve) => supervisor.once('restarted', resolve));
    process.kill(first.pid!, 'SIGKILL');
    expect(await started[0]?.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(supervisor.child()).toBeNull();
    await again;
    expect(started).toHaveLength(2);
    expect(supervisor.child()).toBe(started[1]?.handle);
    expect(restarted).toHaveBeenCalledWith({
      reason: describeExit(null, 'SIGKILL'),
      exitCode: null,
      signal: 'SIGKILL',
      restarts: 1,
    });
    expect(supervisor.stateOf('c1').lastFrame).toBe(7);

    // The new process serves the client again; the file it had open went with the old one.
    supervisor.child()?.send({ type: 'attach', clientId: 'c1', restarted: null });
    expect(await rpc(supervisor, 3, 'show', { target: { index: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'CLOSED' },
    });
    supervisor.stop();
    expect(await started[1]?.exited).toMatchObject({ signal: 'SIGTERM' });
  });

  it('does not restart after stop()', async () => {
    const supervisor = supervise(QUICK);
    const ready = nextMessage(supervisor, 'ready');
    supervisor.start();
    await ready;
    supervisor.stop();
    await started[0]?.exited;
    await new Promise((resolve) => setTimeout(resolve, QUICK.maxDelayMs * 5));
    expect(started).toHaveLength(1);
    expect(supervisor.child()).toBeNull();
  });

  it('gives up when the backend keeps dying', async () => {
    const supervisor = supervise(QUICK);
    // Each backend is killed as soon as it says it is ready.
    supervisor.on('message', (message) => {
      if (message.type === 'ready') process.kill(message.pid, 'SIGKILL');
    });
    const gaveUp = new Promise<string>((resolve) => supervisor.once('gaveUp', resolve));
    supervisor.start();
    expect(await gaveUp).toBe(`the backend stopped ${QUICK.maxRestarts + 1} times within 60 s`);
    expect(started).toHaveLength(QUICK.maxRestarts + 1);
    expect(supervisor.child()).toBeNull();
  });
});
