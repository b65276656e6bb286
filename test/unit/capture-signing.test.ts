/** Signed captures: this installation's Ed25519 key, made once; what a reader says of signed, edited and old captures. */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey, readSigningKey, type SigningKey } from '../../electron/app/signing-key';
import { readCapture } from '../../electron/capture/capture-file';
import { encodeCapture } from '../../electron/capture/capture-write';
import { replayCaptureMeta } from '../../electron/capture/capture-meta';
import { CaptureSession } from '../../electron/capture/capture-session';
import { collectCapture } from '../../electron/capture/collect';
import { provenanceShortfall, signatureWords } from '../../contract/capture';
import { sampleCapture, sampleCaptureBytes } from '../support/captures';
import { ROOT } from '../support/paths';
import { editManifest, rezip, zipEntries } from '../support/zip-edit';

async function configDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'zci-key-'));
}

describe('the signing key', () => {
  it('is made on first need, kept 0600, and the same key afterwards', async () => {
    const dir = await configDir();
    expect(await readSigningKey(dir)).toBeNull();
    const made = await loadOrCreateSigningKey(dir);
    expect(made.fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
    const file = path.join(dir, 'capture-signing-key.pem');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).startsWith('-----BEGIN PRIVATE KEY-----')).toBe(true);
    expect((await loadOrCreateSigningKey(dir)).fingerprint).toBe(made.fingerprint);
    expect((await readSigningKey(dir))?.fingerprint).toBe(made.fingerprint);
  });

  it('is made once when two writers race for it', async () => {
    const dir = await configDir();
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateSigningKey(dir)));
    expect(new Set(keys.map((key) => key.fingerprint)).size).toBe(1);
  });
});

describe('signed captures', () => {
  it('verify as signed by this installation, and by another one elsewhere', async () => {
    const key = await loadOrCreateSigningKey(await configDir());
    const bytes = sampleCaptureBytes([0, 3], key);
    expect([...zipEntries(bytes).keys()].slice(0, 2)).toEqual(['capture.json', 'signature.json']);
    const mine = await readCapture(bytes, 'c.zci', { localFingerprint: key.fingerprint });
    expect(mine.signature).toMatchObject({ state: 'signed', fingerprint: key.fingerprint, thisInstallation: true });
    expect(signatureWords(mine.signature)).toBe(`signed by this installation · key ${key.fingerprint}`);
    const theirs = await readCapture(bytes, 'c.zci', { localFingerprint: null });
    expect(theirs.signature).toMatchObject({ state: 'signed', thisInstallation: false });
  });

  it('show tampered when one byte of a report in capture.json changed after signing', async () => {
    const key = await loadOrCreateSigningKey(await configDir());
    const entries = zipEntries(sampleCaptureBytes([0, 3], key));
    const text = Buffer.from(entries.get('capture.json')!).toString('utf8');
    const at = text.indexOf('"ffmpegPointer": "0x') + '"ffmpegPointer": "0x'.length;
    const edited = `${text.slice(0, at)}${text[at] === '7' ? '6' : '7'}${text.slice(at + 1)}`;
    expect(edited.length).toBe(text.length);
    entries.set('capture.json', Buffer.from(edited));
    const opened = await readCapture(rezip(entries), 'c.zci', { localFingerprint: key.fingerprint });
    expect(opened.signature).toMatchObject({
      state: 'tampered',
      fingerprint: key.fingerprint,
      detail: 'the evidence was changed after it was signed',
    });
    expect(signatureWords(opened.signature)).toMatch(/^TAMPERED: the evidence was changed after it was signed/);
  });

  it('show tampered when an entry is added, removed or the signature is swapped', async () => {
    const key = await loadOrCreateSigningKey(await configDir());
    const other = await loadOrCreateSigningKey(await configDir());
    const entries = zipEntries(sampleCaptureBytes([0], key));
    const added = new Map(entries).set('notes.txt', Buffer.from('hi'));
    expect((await readCapture(rezip(added), 'c.zci')).signature.state).toBe('tampered');
    const swapped = new Map(entries).set(
      'signature.json',
      zipEntries(sampleCaptureBytes([0, 3], other)).get('signature.json')!,
    );
    expect((await readCapture(rezip(swapped), 'c.zci')).signature.state).toBe('tampered');
    const garbage = new Map(entries).set('signature.json', Buffer.from('{"algorithm":"rsa"}'));
    expect((await readCapture(rezip(garbage), 'c.zci')).signature).toMatchObject({
      state: 'tampered',
      fingerprint: null,
    });
  });

  it('the committed capture from the GPU machine opens signed by that machine; without its signature (as captures made before signing are), unsigned', async () => {
    const bytes = await readFile(path.join(ROOT, 'assets', 'gpu-capture.zci'));
    const opened = await readCapture(bytes, 'gpu-capture.zci');
    expect(opened.manifest.formatVersion).toBe(1);
    expect(opened.signature).toMatchObject({ state: 'signed', thisInstallation: false });
    expect(signatureWords(opened.signature)).toMatch(/^signed by another installation/);
    // Only its signature taken away, the manifest still says it was signed: tampered, never unsigned.
    const stripped = zipEntries(bytes);
    stripped.delete('signature.json');
    expect((await readCapture(rezip(stripped), 'gpu-capture.zci')).signature.state).toBe('tampered');
    // As captures made before signing: no signature, and no claim of one.
    const unsigned = await readCapture(
      editManifest(bytes, () => undefined, { unsign: true }),
      'gpu-capture.zci',
    );
    expect(unsigned.signature).toMatchObject({ state: 'unsigned', fingerprint: null, thisInstallation: false });
    expect(signatureWords(unsigned.signature)).toBe('unsigned');
  });
});

describe('signatures that cannot be laundered', () => {
  /** A capture re-saved the way the backend and the command line do it: replayCaptureMeta, then collect and sign. */
  async function resave(bytes: Buffer, local: SigningKey): Promise<Buffer> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-resave-'));
    const file = path.join(dir, 'in.zci');
    await writeFile(file, bytes);
    const opened = await readCapture(bytes, 'in.zci', { localFingerprint: local.fingerprint });
    const session = new CaptureSession(opened, file);
    const meta = await replayCaptureMeta(session, 'list');
    const contents = await collectCapture(session, [0], meta);
    return Buffer.from(encodeCapture(contents, local));
  }

  it('a capture whose signature entry was deleted is tampered, not unsigned', async () => {
    const key = await loadOrCreateSigningKey(await configDir());
    const entries = zipEntries(sampleCaptureBytes([0, 3], key));
    entries.delete('signature.json');
    const opened = await readCapture(rezip(entries), 'c.zci', { localFingerprint: key.fingerprint });
    expect(opened.signature).toMatchObject({ state: 'tampered' });
    expect(opened.signature.detail).toMatch(/signature.json was removed/);
    // A capture written without a key says so, and stays merely unsigned.
    const unsigned = await readCapture(sampleCaptureBytes([0], null), 'c.zci', { localFingerprint: key.fingerprint });
    expect(unsigned.signature.state).toBe('unsigned');
    expect(provenanceShortfall(unsigned.signature)).toBe('unsigned');
  });

  it('re-saving an unsigned or foreign-signed capture records what it was made from, under the new signature', async () => {
    const local = await loadOrCreateSigningKey(await configDir());
    const foreign = await loadOrCreateSigningKey(await configDir());
    for (const [label, source] of [
      ['unsigned', sampleCaptureBytes([0, 3], null)],
      ['foreign', sampleCaptureBytes([0, 3], foreign)],
    ] as const) {
      const again = await readCapture(await resave(source, local), 'out.zci', { localFingerprint: local.fingerprint });
      expect(again.signature.state, label).toBe('signed');
      expect(again.signature.thisInstallation, label).toBe(true);
      expect(again.signature.madeFrom, label).toMatchObject({
        state: label === 'unsigned' ? 'unsigned' : 'signed',
        fingerprint: label === 'unsigned' ? null : foreign.fingerprint,
        thisInstallation: false,
        sha256: createHash('sha256').update(source).digest('hex'),
      });
      expect(signatureWords(again.signature), label).toContain('re-saved from a capture that was');
      expect(provenanceShortfall(again.signature), label).toMatch(/^re-saved from a capture that was/);
      // The forged host and source it kept are still the source's, and the provenance is signed with them.
      const entries = zipEntries(await resave(source, local));
      const text = Buffer.from(entries.get('capture.json')!).toString('utf8');
      entries.set('capture.json', Buffer.from(text.replace('"madeFrom"', '"madeFrom_"')));
      expect((await readCapture(rezip(entries), 'c.zci')).signature.state, label).toBe('tampered');
    }
  });

  it("a foreign capture that claims it was re-saved from one of this installation's is tampered, and never reads as ours", async () => {
    const viewer = await loadOrCreateSigningKey(await configDir());
    const foreign = await loadOrCreateSigningKey(await configDir());
    const claim = { state: 'signed', fingerprint: viewer.fingerprint, thisInstallation: true, sha256: 'b'.repeat(64) };
    const forged = sampleCapture([0, 3]);
    forged.manifest.madeFrom = { ...claim, state: 'signed' };
    const opened = await readCapture(Buffer.from(encodeCapture(forged, foreign)), 'c.zci', {
      localFingerprint: viewer.fingerprint,
    });
    expect(opened.signature).toMatchObject({
      state: 'tampered',
      fingerprint: foreign.fingerprint,
      thisInstallation: false,
    });
    expect(opened.signature.detail).toMatch(
      /re-saved from a capture of the installation that saved it .* but key .* signed it/,
    );
    expect(opened.signature.madeFrom?.thisInstallation).toBe(false);
    expect(signatureWords(opened.signature)).not.toMatch(/this installation/);
    expect(provenanceShortfall(opened.signature)).toMatch(/^tampered/);
    // Unsigned, the same claim has no signer to be: tampered too.
    const unsigned = await readCapture(Buffer.from(encodeCapture(forged, null)), 'c.zci', {
      localFingerprint: viewer.fingerprint,
    });
    expect(unsigned.signature.state).toBe('tampered');
    expect(signatureWords(unsigned.signature)).not.toMatch(/this installation/);
  });

  it("a signature file that claims this installation's fingerprint for a foreign key is tampered, and not ours", async () => {
    const viewer = await loadOrCreateSigningKey(await configDir());
    const foreign = await loadOrCreateSigningKey(await configDir());
    const entries = zipEntries(sampleCaptureBytes([0, 3], foreign));
    const file = JSON.parse(Buffer.from(entries.get('signature.json')!).toString('utf8')) as { fingerprint: string };
    entries.set('signature.json', Buffer.from(JSON.stringify({ ...file, fingerprint: viewer.fingerprint })));
    const opened = await readCapture(rezip(entries), 'c.zci', { localFingerprint: viewer.fingerprint });
    expect(opened.signature).toMatchObject({
      state: 'tampered',
      fingerprint: foreign.fingerprint,
      thisInstallation: false,
      detail: 'the fingerprint does not match the public key',
    });
    expect(signatureWords(opened.signature)).not.toMatch(/this installation/);
  });

  it('a record of "re-saved from our own capture" reads as this installation only where that installation looks', async () => {
    const writer = await loadOrCreateSigningKey(await configDir());
    const viewer = await loadOrCreateSigningKey(await configDir());
    // As the writer records it when it re-saves a capture of its own that did not verify.
    const honest = sampleCapture([0]);
    honest.manifest.madeFrom = {
      state: 'tampered',
      fingerprint: writer.fingerprint,
      thisInstallation: true,
      sha256: 'c'.repeat(64),
    };
    const bytes = Buffer.from(encodeCapture(honest, writer));
    const atWriter = await readCapture(bytes, 'c.zci', { localFingerprint: writer.fingerprint });
    expect(atWriter.signature).toMatchObject({ state: 'signed', madeFrom: { thisInstallation: true } });
    const elsewhere = await readCapture(bytes, 'c.zci', { localFingerprint: viewer.fingerprint });
    expect(elsewhere.signature).toMatchObject({ state: 'signed', madeFrom: { thisInstallation: false } });
    expect(signatureWords(elsewhere.signature)).not.toMatch(/this installation/);
  });

  it("re-saving this installation's own capture passes its provenance on: nothing short of ours", async () => {
    const local = await loadOrCreateSigningKey(await configDir());
    const again = await readCapture(await resave(sampleCaptureBytes([0, 3], local), local), 'out.zci', {
      localFingerprint: local.fingerprint,
    });
    expect(again.signature).toMatchObject({ state: 'signed', thisInstallation: true, madeFrom: null });
    expect(provenanceShortfall(again.signature)).toBeNull();
  });
});
