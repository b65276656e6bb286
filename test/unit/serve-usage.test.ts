import { describe, expect, it } from 'vitest';
import { defaultMemoryBudget, processMemoryLimit } from '../../contract/budgets';
import { USAGE } from '../../electron/serve/options';

const MIB = 1_048_576;
const GIB = 1024 * MIB;

describe("serve mode's --help", () => {
  it('states the default memory budget and the restart limit the backend really uses', () => {
    const stated =
      /default: 1\/(\d+) of this\s+machine's memory, (\d+) MiB to (\d+) GiB\);[^]*?plus 1\/(\d+) of it/.exec(USAGE);
    expect(stated, USAGE).not.toBeNull();
    const [share, min, max, headroom] = stated!.slice(1).map(Number) as [number, number, number, number];
    expect(defaultMemoryBudget(1 * GIB)).toBe(min * MIB);
    expect(defaultMemoryBudget(1024 * GIB)).toBe(max * GIB);
    // Between the floor and the ceiling, the stated share of the machine.
    const between = min * MIB * share * 3;
    expect(defaultMemoryBudget(between)).toBe(between / share);
    expect(processMemoryLimit({ memoryBytes: 2048 * MIB })).toBe(2048 * MIB + (2048 * MIB) / headroom);
  });

  it('names --setting NAME=VALUE as repeatable', () => {
    expect(USAGE).toMatch(/--setting NAME=VALUE[^]*\(repeatable\)/);
  });
});
