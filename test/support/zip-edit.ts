/** Reading and rewriting capture zips in tests: every entry by name, and the same entries zipped again. */
import { unzipSync } from 'fflate';
import { writeZip } from '../../electron/capture/zip';

/** Every entry of a zip, by name, in the archive's order (fflate; tests only: no limits). */
export function zipEntries(bytes: Uint8Array): Map<string, Uint8Array> {
  return new Map(Object.entries(unzipSync(bytes)));
}

/** Zips entries again, in the order given. */
export function rezip(entries: ReadonlyMap<string, Uint8Array>): Buffer {
  return Buffer.from(
    writeZip(
      [...entries].map(([name, data]) => ({ name, data })),
      new Date('2026-11-30T12:00:00Z'),
    ),
  );
}

/** A capture's bytes with capture.json edited (parsed, changed, written back); other entries kept as they are. */
// The manifest is edited as loose JSON on purpose: the edits make it say what no writer would.
export function editManifest(
  bytes: Uint8Array,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  edit: (manifest: any) => void,
  { unsign = false }: { unsign?: boolean } = {},
): Buffer {
  const entries = zipEntries(bytes);
  const manifest: { signed?: boolean } = JSON.parse(Buffer.from(entries.get('capture.json') ?? []).toString('utf8'));
  edit(manifest);
  // unsign: as an author forging an unsigned capture would, the signature goes and the manifest stops claiming one.
  if (unsign) {
    entries.delete('signature.json');
    manifest.signed = false;
  }
  entries.set('capture.json', Buffer.from(JSON.stringify(manifest)));
  return rezip(entries);
}
