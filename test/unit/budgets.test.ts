import { describe, expect, it } from 'vitest';
import { MemoryBudget } from '../../electron/backend/memory-budget';
import {
  BudgetConfigError,
  BUDGET_ENV,
  DEFAULT_MEMORY_BUDGET,
  defaultMemoryBudget,
  heldFrameBytes,
  processMemoryLimit,
  PROCESS_HEADROOM_SHARE,
  readBudgets,
  unreadAnswerBudget,
} from '../../contract/budgets';
import { RpcFailure } from '../../contract/envelope';
import { parseServeArgs } from '../../electron/serve/options';
import { settingsPatchSchema } from '../../contract/settings';
import { PIXEL_BUDGET } from '../../contract/vocabulary';

const MIB = 1_048_576;
const GIB = 1_024 * MIB;

describe('the backend budgets', () => {
  it('default to a share of the machine within their floor and ceiling, and never to the old quarter', () => {
    const { share, minBytes, maxBytes } = DEFAULT_MEMORY_BUDGET;
    expect(defaultMemoryBudget(24 * GIB)).toBe((24 * GIB) / share);
    expect(defaultMemoryBudget(1 * GIB)).toBe(minBytes);
    expect(defaultMemoryBudget(512 * GIB)).toBe(maxBytes);
    expect(readBudgets({}, 24 * GIB)).toEqual({
      memoryBytes: (24 * GIB) / share,
      maxPixels: PIXEL_BUDGET.default,
      holdFrames: 2,
      source: 'default',
    });
    // The finding: a quarter of 24 GiB (6,026 MiB on the machine measured) and a ceiling of 16 GiB.
    expect(defaultMemoryBudget(24 * GIB)).toBeLessThanOrEqual(3 * GIB);
    expect(defaultMemoryBudget(2 ** 50)).toBeLessThanOrEqual(4 * GIB);
    // The floor still opens any file the default pixel budget allows, with the frames it holds by default.
    expect(readBudgets({}, 0).memoryBytes).toBeGreaterThanOrEqual(2 * heldFrameBytes(PIXEL_BUDGET.default, 1));
  });

  it("hold serve mode's unread answers to a quarter of the memory budget, at least one socket's 64 MiB", () => {
    expect(unreadAnswerBudget({ memoryBytes: 6 * GIB })).toBe(1_536 * MIB);
    expect(unreadAnswerBudget({ memoryBytes: 512 * MIB })).toBe(128 * MIB);
    expect(unreadAnswerBudget({ memoryBytes: 256 * MIB })).toBe(64 * MIB);
  });

  it('are set only through the variables the parent gives, and say so', () => {
    const b = readBudgets({ [BUDGET_ENV.memoryMiB]: '1024', [BUDGET_ENV.holdFrames]: '3' }, 24 * GIB);
    expect(b).toMatchObject({ memoryBytes: 1_024 * MIB, holdFrames: 3, source: 'local' });
  });

  it('refuse malformed, out-of-range and self-contradicting values, naming the variable', () => {
    for (const [name, value] of [
      [BUDGET_ENV.memoryMiB, '12x'],
      [BUDGET_ENV.memoryMiB, '100'],
      [BUDGET_ENV.maxPixels, '-5'],
      [BUDGET_ENV.holdFrames, '17'],
      [BUDGET_ENV.holdFrames, '1.5'],
    ] as const)
      expect(() => readBudgets({ [name]: value }, 24 * GIB), `${name}=${value}`).toThrow(
        new RegExp(`${name} must be a whole number`),
      );
    // 16 held frames of the default pixel budget cannot fit 512 MiB.
    expect(() => readBudgets({ [BUDGET_ENV.memoryMiB]: '512', [BUDGET_ENV.holdFrames]: '16' }, 24 * GIB)).toThrow(
      BudgetConfigError,
    );
  });

  it('leave the process room over the budget, within a quarter of it, before the supervisor restarts it', () => {
    for (const memoryBytes of [256 * MIB, 512 * MIB, 3 * GIB, defaultMemoryBudget(24 * GIB), 1_048_576 * MIB]) {
      const limit = processMemoryLimit({ memoryBytes });
      expect(limit).toBe(memoryBytes + Math.floor(memoryBytes / PROCESS_HEADROOM_SHARE));
      expect(limit, `${memoryBytes / MIB} MiB`).toBeGreaterThan(memoryBytes);
      expect(limit, `${memoryBytes / MIB} MiB`).toBeLessThanOrEqual(memoryBytes * 1.25);
    }
    // The finding: 9,039 MiB over a budget of 6,026 MiB was half the budget again.
    expect(processMemoryLimit({ memoryBytes: 6_026 * MIB })).toBeLessThanOrEqual(6_026 * MIB * 1.25);
    expect(heldFrameBytes(1920, 1088)).toBe(1920 * 1088 * 6);
  });

  it('cannot be changed over the RPC: a settings patch with a budget is refused', () => {
    expect(settingsPatchSchema.safeParse({ maxPixels: PIXEL_BUDGET.max }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ holdFrames: 16 }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ memoryBytes: GIB }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ proof: false }).success).toBe(true);
  });

  it("are serve mode's flags, passed on as the backend's variables", () => {
    const options = parseServeArgs(['--memory-budget', '768', '--max-pixels', '2088960', '--hold-frames', '4']);
    expect(options.budgetEnv).toEqual({
      [BUDGET_ENV.memoryMiB]: '768',
      [BUDGET_ENV.maxPixels]: '2088960',
      [BUDGET_ENV.holdFrames]: '4',
    });
    expect(parseServeArgs([]).budgetEnv).toEqual({});
  });

  it("choose serve mode's FFmpeg with --ffmpeg, checked at start", () => {
    expect(parseServeArgs([]).ffmpeg).toBeNull();
    expect(parseServeArgs(['--ffmpeg', '7.1']).ffmpeg).toBe('7.1');
    expect(() => parseServeArgs(['--ffmpeg', '6.1'])).toThrow(/--ffmpeg must be one of system, 7\.1/);
  });
});

describe('MemoryBudget', () => {
  it('charges until the limit, refuses past it with MEMORY_BUDGET_EXCEEDED naming the budget, and takes back', () => {
    const budget = new MemoryBudget(100 * MIB);
    const a = budget.charge(60 * MIB, 'Holding frames of a.mp4');
    expect(budget.usedBytes).toBe(60 * MIB);
    let refused: unknown;
    try {
      budget.charge(41 * MIB, 'Holding frames of b.mp4');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RpcFailure);
    expect((refused as RpcFailure).envelope).toMatchObject({
      code: 'MEMORY_BUDGET_EXCEEDED',
      message: expect.stringMatching(
        /Holding frames of b\.mp4 needs 41\.0 MiB; the backend's memory budget of 100\.0 MiB has 40\.0 MiB left/,
      ),
    });
    expect(budget.usedBytes).toBe(60 * MIB); // a refusal charges nothing
    a.release();
    a.release(); // twice gives back once
    expect(budget.usedBytes).toBe(0);
    expect(budget.charge(100 * MIB, 'all of it').bytes).toBe(100 * MIB);
  });

  it('holds a charge for the work of an answer only, also when the work fails', async () => {
    const budget = new MemoryBudget(10 * MIB);
    const seen = await budget.during(4 * MIB, 'an answer', async () => budget.usedBytes);
    expect(seen).toBe(4 * MIB);
    expect(budget.usedBytes).toBe(0);
    await expect(
      budget.during(4 * MIB, 'a failing answer', async () => {
        throw new Error('failed');
      }),
    ).rejects.toThrow('failed');
    expect(budget.usedBytes).toBe(0);
    await expect(budget.during(11 * MIB, 'too much', async () => 1)).rejects.toBeInstanceOf(RpcFailure);
  });
});
