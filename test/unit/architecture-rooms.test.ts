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

/** The drawing of the app's rooms (a Mermaid graph, each arrow from a room to one it may import), as the document
 * holds it between its markers. */
function drawing(table: Record<string, Room>): string {
  const appRooms = Object.keys(table).filter((room) => !room.startsWith('test') && !room.startsWith('scripts'));
  const id = (room: string) => room.replace(/[^A-Za-z0-9]/g, '_');
  const lines = ['```mermaid', 'flowchart BT'];
  for (const room of appRooms) lines.push(`  ${id(room)}["${room}"]`);
  for (const room of appRooms)
    for (const to of table[room]!.rooms) if (appRooms.includes(to)) lines.push(`  ${id(room)} --> ${id(to)}`);
  lines.push('```');
  return lines.join('\n');
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

  it('draws the rooms as the layering table has them (docs/architecture.md, between its drawing markers)', async () => {
    const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const start = doc.indexOf('<!-- rooms drawing: made from LAYERS -->\n');
    const end = doc.indexOf('\n<!-- end of the rooms drawing -->');
    expect(start, 'the drawing markers').toBeGreaterThan(0);
    const drawn = doc.slice(start + '<!-- rooms drawing: made from LAYERS -->\n'.length, end);
    expect(drawn).toBe(drawing(await layers()));
  });

  it('has no arrow running back up: the rooms of the app import one another without a cycle', async () => {
    const table = await layers();
    const seen = new Map<string, 'open' | 'done'>();
    const visit = (room: string, trail: string[]): void => {
      if (seen.get(room) === 'done') return;
      expect(seen.get(room), `a cycle: ${[...trail, room].join(' -> ')}`).not.toBe('open');
      seen.set(room, 'open');
      for (const to of table[room]?.rooms ?? []) visit(to, [...trail, room]);
      seen.set(room, 'done');
    };
    for (const room of Object.keys(table)) visit(room, []);
  });

  it('has the contract as the ground floor: no room of the app below it, wording on it alone', async () => {
    const table = await layers();
    expect(table.contract).toEqual({ rooms: [], packages: ['zod'] });
    expect(table.wording?.rooms).toEqual(['contract']);
    expect(table.native?.rooms).toEqual(['contract']);
  });
});
