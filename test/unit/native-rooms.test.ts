/**
 * The native core's rooms (native/src/core/<room>/) stand on one another in one declared order, as the TypeScript
 * rooms do (LAYERS in eslint.config.js): a file includes headers of its own room and of rooms below it only, so no two
 * rooms include each other, directly or round a loop. frame/ is the ground floor of the core's frame types (FFmpeg
 * pointers, pixel layout, FrameEvidence, thumbnails, sample comparison) and includes nothing but common/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths';

/** The core's rooms from the ground up: each may include its own headers and those of the rooms before it. */
const NATIVE_ROOMS = ['common', 'frame', 'nvcv', 'gpu', 'decode', 'evidence', 'preview', 'compare', 'session'] as const;

const CORE = path.join(ROOT, 'native/src/core');
const SOURCE = /\.(h|cc|cu|cuh)$/;

/** One #include "room/file.h" of a core file: the including file, its room, and the room included. */
interface Include {
  file: string;
  from: string;
  to: string;
  header: string;
}

/** Every quoted include of a core file that names another room's header (a path outside the core is no room's). */
function coreIncludes(): Include[] {
  const out: Include[] = [];
  for (const room of readdirSync(CORE)) {
    const dir = path.join(CORE, room);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir).filter((n) => SOURCE.test(n))) {
      const text = readFileSync(path.join(dir, name), 'utf8');
      for (const match of text.matchAll(/^\s*#\s*include\s+"([^"]+)"/gm)) {
        const header = match[1]!;
        const to = header.split('/')[0]!;
        if (header.startsWith('..') || !header.includes('/')) continue;
        out.push({ file: `${room}/${name}`, from: room, to, header });
      }
    }
  }
  return out;
}

/** The includes that go up the declared order (or name a room it lacks), as "file -> header" lines. */
function upwardIncludes(includes: readonly Include[], order: readonly string[]): string[] {
  return includes
    .filter((i) => {
      const from = order.indexOf(i.from);
      const to = order.indexOf(i.to);
      return from < 0 || to < 0 || to > from;
    })
    .map((i) => `${i.file} -> ${i.header}`);
}

/** A loop of rooms in the include graph (rooms joined by "->"), or null when there is none. */
function roomLoop(includes: readonly Include[]): string | null {
  const edges = new Map<string, Set<string>>();
  for (const i of includes) if (i.from !== i.to) edges.set(i.from, (edges.get(i.from) ?? new Set()).add(i.to));
  const state = new Map<string, 'open' | 'done'>();
  const visit = (room: string, trail: string[]): string | null => {
    if (state.get(room) === 'open') return [...trail.slice(trail.indexOf(room)), room].join(' -> ');
    if (state.get(room) === 'done') return null;
    state.set(room, 'open');
    for (const to of edges.get(room) ?? []) {
      const loop = visit(to, [...trail, room]);
      if (loop) return loop;
    }
    state.set(room, 'done');
    return null;
  };
  for (const room of edges.keys()) {
    const loop = visit(room, []);
    if (loop) return loop;
  }
  return null;
}

describe("the native core's rooms", () => {
  const includes = coreIncludes();

  it('are exactly the declared rooms', () => {
    const rooms = readdirSync(CORE).filter((r) => statSync(path.join(CORE, r)).isDirectory());
    expect(rooms.sort()).toEqual([...NATIVE_ROOMS].sort());
    expect(includes.length, 'the include lines were read').toBeGreaterThan(100);
  });

  it('include their own room and the rooms below it only, in the declared order', () => {
    expect(upwardIncludes(includes, NATIVE_ROOMS)).toEqual([]);
  });

  it('form no loop: no two rooms include each other, directly or round others', () => {
    expect(roomLoop(includes)).toBeNull();
  });

  it('have frame/ as the ground floor of the frame types: it includes common/ alone', () => {
    const below = new Set(includes.filter((i) => i.from === 'frame').map((i) => i.to));
    expect([...below].filter((room) => room !== 'frame' && room !== 'common')).toEqual([]);
  });

  it("are docs/architecture.md's table of native rooms, in the same order", () => {
    const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const start = doc.indexOf('\n## Native rooms\n');
    const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
    const rows = [...section.matchAll(/^\| `([a-z]+)` \|/gm)].map((m) => m[1]);
    expect(rows).toEqual([...NATIVE_ROOMS]);
  });

  it('are checked by a wall that catches an include going up and a loop (decode <-> gpu, as it was)', () => {
    const planted: Include[] = [
      { file: 'gpu/cuda_device.cc', from: 'gpu', to: 'decode', header: 'decode/decoder_pool.h' },
      { file: 'decode/decoder.cc', from: 'decode', to: 'gpu', header: 'gpu/cuda_device.h' },
    ];
    expect(upwardIncludes(planted, NATIVE_ROOMS)).toEqual(['gpu/cuda_device.cc -> decode/decoder_pool.h']);
    expect(roomLoop(planted)).toMatch(/^(gpu -> decode -> gpu|decode -> gpu -> decode)$/);
    expect(upwardIncludes([{ ...planted[0]!, to: 'attic', header: 'attic/x.h' }], NATIVE_ROOMS)).toHaveLength(1);
  });
});
