/** The walls between rooms hold: ESLint's layering table refuses imports across them. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths';

const eslint = new ESLint({ cwd: ROOT });

/** The layering rule's messages for a file of the given path holding the given code. */
async function walls(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layering/allowed-imports').map((m) => m.message);
}

describe('the layering table', () => {
  it.each([
    ['renderer/src/new.ts', "import { readFile } from 'node:fs';", /renderer may not import the package node/],
    ['renderer/src/new.ts', "import { ipcRenderer } from 'electron';", /renderer may not import the package electron/],
    ['renderer/src/new.ts', "import { WebSocket } from 'ws';", /renderer may not import the package ws/],
    [
      'renderer/src/new.ts',
      "import { dispatch } from '../../electron/backend/dispatch';",
      /renderer may not import electron\/backend/,
    ],
    ['renderer/src/new.ts', "import type { Session } from '../../native/index';", /renderer may not import native/],
    [
      'renderer/src/model/new.ts',
      "import { ProbePanel } from '../components/probe/ProbePanel';",
      /renderer\/src\/model may not import renderer \(/,
    ],
    [
      'renderer/src/model/new.ts',
      "import { createAppStore } from '../store/store';",
      /renderer\/src\/model may not import renderer\/src\/store \(/,
    ],
    // The window's state lies below its components: a slice that reached up into a panel would make a loop.
    [
      'renderer/src/store/new.ts',
      "import { AbPanel } from '../components/ab/AbPanel';",
      /renderer\/src\/store may not import renderer \(/,
    ],
    [
      'renderer/src/model/new.ts',
      "import { useMemo } from 'react';",
      /renderer\/src\/model may not import the package react/,
    ],
    [
      'electron/cli/new.ts',
      "import type { Session } from '../../native/index';",
      /electron\/cli may not import native/,
    ],
    [
      'electron/serve/new.ts',
      "import type { Session } from '../../native/index';",
      /electron\/serve may not import native/,
    ],
    [
      'electron/capture/new.ts',
      "import type { Session } from '../../native/index';",
      /electron\/capture may not import native/,
    ],
    [
      'contract/new.ts',
      "import { dispatch } from '../electron/backend/dispatch';",
      /contract may not import electron\/backend/,
    ],
    ['contract/new.ts', "import path from 'node:path';", /contract may not import the package node/],
    // The contract is the ground floor: it imports nothing of the project, not even the words that present it.
    ['contract/new.ts', "import { verdictOf } from '../wording/verdicts';", /contract may not import wording/],
    [
      'wording/new.ts',
      "import { createAppStore } from '../renderer/src/store/store';",
      /wording may not import renderer\/src\/store/,
    ],
    ['wording/new.ts', "import { z } from 'zod';", /wording may not import the package zod/],
    [
      'electron/backend/new.ts',
      "import { createAppStore } from '../../renderer/src/store/store';",
      /electron\/backend may not import renderer\/src\/store/,
    ],
    [
      'electron/serve/new.ts',
      "import { windowOptions } from '../main/window-options';",
      /electron\/serve may not import electron\/main/,
    ],
    [
      'electron/supervisor/new.ts',
      "import { app } from 'electron';",
      /electron\/supervisor may not import the package electron/,
    ],
    [
      'test/unit/new.test.ts',
      "import { addon } from '../support/live/addon';",
      /test\/unit may not import test\/support\/live/,
    ],
  ])('%s: %s is refused', async (file, code, message) => {
    const found = await walls(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it('lets each room import what the table gives it', async () => {
    expect(await walls('renderer/src/new.ts', "import type { FrameReport } from '../../contract/report';")).toEqual([]);
    expect(
      await walls('renderer/src/components/new.ts', "import { allPlaneFacts } from '../model/plane-facts';"),
    ).toEqual([]);
    expect(
      await walls('renderer/src/model/new.ts', "import type { FrameReport } from '../../../contract/report';"),
    ).toEqual([]);
    expect(await walls('electron/backend/new.ts', "import type { Session } from '../addon/native';")).toEqual([]);
    expect(await walls('electron/addon/new.ts', "import type { Session } from '../../native/index';")).toEqual([]);
    expect(await walls('electron/cli/new.ts', "import { readCaptureFile } from '../capture/capture-file';")).toEqual(
      [],
    );
    expect(await walls('electron/main/new.ts', "import { app } from 'electron';")).toEqual([]);
    expect(await walls('contract/new.ts', "import { z } from 'zod';")).toEqual([]);
    expect(await walls('wording/new.ts', "import type { FrameReport } from '../contract/report';")).toEqual([]);
    expect(await walls('native/new.ts', "import type { FrameReport } from '../contract/report';")).toEqual([]);
  });

  it('refuses a folder that is in no room until it is added to the table', async () => {
    const found = await walls('electron/elsewhere/new.ts', "import { z } from 'zod';");
    expect(found).toEqual(['electron/elsewhere is in no room: add it to the layering table in eslint.config.js.']);
  });
});

describe('component files', () => {
  it('export components and their props, and nothing else', async () => {
    const file = path.join(ROOT, 'renderer/src/components/new/New.tsx');
    const code = [
      'export interface NewProps { n: number }',
      'export function New({ n }: NewProps) { return <b>{n}</b>; }',
      'export function helper(n: number): number { return n + 1; }',
      'export const LIMIT = 3;',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: file });
    const rules = (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.line}`);
    expect(rules).toEqual(['no-restricted-syntax: 3', 'no-restricted-syntax: 4']);
  });
});
