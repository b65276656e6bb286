/**
 * Every method of the RPC contract, through the backend's real dispatch and handlers (no addon in this tier):
 * generated valid parameters get the method's typed result or a typed error, generated invalid ones get
 * INVALID_ARGUMENT without reaching the handler, and nothing throws out of dispatch. The table of properties
 * (test/support/rpc-properties.ts) must name every method; the first test fails when one has no entry.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PathPolicy } from '../../electron/app/path-policy';
import { ClientSession } from '../../electron/backend/client-session';
import { dispatch } from '../../electron/backend/dispatch';
import { createHandlers } from '../../electron/backend/handlers/index';
import type { HandlerContext, Handlers } from '../../electron/backend/handlers/types';
import { Persistence } from '../../electron/backend/persist';
import { METHOD_NAMES, type MethodName } from '../../contract/contract';
import { checkAnswer, invalidParams, RESULT_CHECKS, validParams } from '../support/rpc-properties';

const VALID = validParams();
const NO_ADDON = 'The native addon could not be loaded';
// Sized for a loaded 2-core machine: each run is one dispatch, a few file-system calls at most.
const RUNS = 40;

let dir: string;
let persistence: Persistence;
let handlers: Handlers;
let ctx: HandlerContext;
let id = 0;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'zci-rpc-properties-'));
  persistence = new Persistence(path.join(dir, 'config'));
  handlers = createHandlers({
    addon: null,
    addonStatus: { loaded: false, path: null, error: 'not loaded in the unit tier' },
    persistence,
    samplePath: null,
    cwd: dir,
    paths: PathPolicy.root(dir),
    startedAt: new Date(0),
  });
  ctx = { client: new ClientSession(), emit: vi.fn() };
});

afterAll(async () => {
  ctx.client.close();
  await persistence.flush();
  rmSync(dir, { recursive: true, force: true });
});

const request = (method: string, params: unknown, requestId: number): string =>
  JSON.stringify({ kind: 'request', id: requestId, method, params });

describe('the RPC property table', () => {
  it('has valid parameters and a result check for every method of the contract, and for no other', () => {
    const missing = (table: object) => METHOD_NAMES.filter((method) => !Object.hasOwn(table, method));
    expect(missing(VALID), 'methods without valid-parameter arbitraries').toEqual([]);
    expect(missing(RESULT_CHECKS), 'methods without a result check').toEqual([]);
    expect(Object.keys(VALID).sort()).toEqual([...METHOD_NAMES].sort());
    expect(Object.keys(RESULT_CHECKS).sort()).toEqual([...METHOD_NAMES].sort());
  });
});

describe.each(METHOD_NAMES)('%s through dispatch (property-based, no addon)', (method: MethodName) => {
  it('answers generated valid parameters with its typed result or a typed error, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(VALID[method], async (params) => {
        id += 1;
        const response = await dispatch(handlers, request(method, params, id), ctx);
        checkAnswer(method, response, id, (message) => message.startsWith(NO_ADDON));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers generated invalid parameters with INVALID_ARGUMENT, without calling the handler', async () => {
    const handler = vi.spyOn(handlers, method);
    try {
      await fc.assert(
        fc.asyncProperty(invalidParams(method, VALID[method]), async (params) => {
          id += 1;
          const response = await dispatch(handlers, request(method, params, id), ctx);
          expect(response).toMatchObject({ kind: 'response', id, ok: false, error: { code: 'INVALID_ARGUMENT' } });
        }),
        { numRuns: RUNS },
      );
      expect(handler).not.toHaveBeenCalled();
    } finally {
      handler.mockRestore();
    }
  });
});
