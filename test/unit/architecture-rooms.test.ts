/** docs/architecture.md's table of rooms is the layering table's: every room, and exactly what it may import. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths';

interface Room {
  rooms: string[];
  packages: string[];
}

/** The layering table of eslint.config.js. */
async function layers(): Promise<Record<string, Room>> {
  const config = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href)) as {
    LAYERS: Record<string, Room>;
  };
  return config.LAYERS;
}

/** The "may import" cell a room's row states: its rooms as code, then its packages ('node' is Node). */
function importsCell(room: Room): string {
  const items = [...room.rooms.map((r) => `\`${r}\``), ...room.packages.map((p) => (p === 'node' ? 'Node' : p))];
  return items.length === 0 ? 'nothing' : items.join(', ');
}

/** The rows of the document's table of rooms: room -> its "may import" cell. */
function documentedRooms(): Map<string, string> {
  const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Rooms\n'), doc.indexOf('\n## ', doc.indexOf('\n## Rooms\n') + 1));
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = /^\| `([^`]+)` \| .* \| (.*) \|$/.exec(line);
    if (cells) rows.set(cells[1]!, cells[2]!);
  }
  return rows;
}

describe("docs/architecture.md's rooms", () => {
  it('lists every room of the app and what it may import, as the layering table holds them', async () => {
    const table = await layers();
    const appRooms = Object.keys(table).filter((room) => !room.startsWith('test') && !room.startsWith('scripts'));
    const documented = documentedRooms();
    expect([...documented.keys()].sort()).toEqual(appRooms.sort());
    for (const room of appRooms) expect(documented.get(room), room).toBe(importsCell(table[room]!));
  });

  it('has the contract as the ground floor: no room of the app below it, wording on it alone', async () => {
    const table = await layers();
    expect(table.contract).toEqual({ rooms: [], packages: ['zod'] });
    expect(table.wording?.rooms).toEqual(['contract']);
    expect(table.native?.rooms).toEqual(['contract']);
  });
});
