/**
 * Signing captures: an Ed25519 signature (Node's crypto) over a statement that lists the SHA-256 of capture.json's
 * bytes and of every other entry, by name. Changing, adding or removing any entry after signing breaks it.
 */
import { createHash, createPublicKey, sign, verify } from 'node:crypto';
import { keyFingerprint, type SigningKey } from '../app/signing-key';
import {
  CAPTURE_SIGNATURE,
  captureSignatureSchema,
  type CaptureManifest,
  type CaptureSignature,
  type CaptureSignatureFile,
} from '../../contract/capture';

/** The first line of the signed statement; a later scheme changes it. */
const STATEMENT_HEADER = 'zerocopy-inspector capture signature 1';

/** The SHA-256 of bytes, hex. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The signed statement: the header line, then "<sha256>  <name>" for every entry but the signature, by name. */
function signedStatement(digests: ReadonlyMap<string, string>): Buffer {
  const names = [...digests.keys()].filter((name) => name !== CAPTURE_SIGNATURE).sort();
  return Buffer.from(
    [STATEMENT_HEADER, ...names.map((name) => `${digests.get(name) ?? ''}  ${name}`), ''].join('\n'),
    'utf8',
  );
}

/** signature.json for entries with these digests. */
export function signCapture(digests: ReadonlyMap<string, string>, key: SigningKey): CaptureSignatureFile {
  return {
    algorithm: 'ed25519',
    publicKey: key.publicKeyDer.toString('base64'),
    fingerprint: key.fingerprint,
    signature: sign(null, signedStatement(digests), key.privateKey).toString('base64'),
  };
}

/** A manifest's record of what it was re-saved from. */
type MadeFrom = NonNullable<CaptureManifest['madeFrom']>;

/**
 * A re-saved capture's record of its source as this installation may show it. The writer's "this installation"
 * means the key that signed the re-save (a writer passes its own captures' provenance on and records every other),
 * so it stands only where that key signed the capture, and reads as this installation only where the key is ours.
 */
function shownMadeFrom(
  claim: MadeFrom | null,
  signer: string | null,
  localFingerprint: string | null,
): MadeFrom | null {
  if (claim === null) return null;
  const ours = claim.thisInstallation && signer !== null && claim.fingerprint === signer && signer === localFingerprint;
  return { ...claim, thisInstallation: ours };
}

/**
 * Why a record of "re-saved from a capture of the installation that saved it" is a forgery (null when it is not):
 * that installation signs what it writes, with the key the record names.
 */
function madeFromForgery(claim: MadeFrom | null, signer: string | null): string | null {
  if (claim === null || !claim.thisInstallation || (signer !== null && claim.fingerprint === signer)) return null;
  const named = claim.fingerprint ?? 'none';
  return signer === null
    ? `capture.json says it was re-saved from a capture of the installation that saved it (key ${named}), yet no signature vouches for it`
    : `capture.json says it was re-saved from a capture of the installation that saved it (key ${named}), but key ${signer} signed it`;
}

/**
 * Checks signature.json (absent: unsigned, unless the manifest says the writer signed it) against the digests of
 * the entries as read. `localFingerprint` is this installation's key, to tell its own captures from others'. The
 * manifest's provenance (what a re-saved capture was made from) is carried into the answer, as this installation
 * may show it; provenance that names a key other than the signer's as the re-saver's own is tampered.
 */
export function verifyCapture(
  signatureBytes: Uint8Array | null,
  digests: ReadonlyMap<string, string>,
  localFingerprint: string | null,
  manifest: Pick<CaptureManifest, 'signed' | 'madeFrom'>,
): CaptureSignature {
  const claim = manifest.madeFrom ?? null;
  const tampered = (detail: string, fingerprint: string | null = null): CaptureSignature => ({
    state: 'tampered',
    fingerprint,
    thisInstallation: fingerprint !== null && fingerprint === localFingerprint,
    detail,
    madeFrom: shownMadeFrom(claim, null, localFingerprint),
  });
  if (signatureBytes === null) {
    if (manifest.signed === true)
      return tampered(`${CAPTURE_SIGNATURE} was removed: capture.json says the capture was signed`);
    const forgery = madeFromForgery(claim, null);
    if (forgery !== null) return tampered(forgery);
    return {
      state: 'unsigned',
      fingerprint: null,
      thisInstallation: false,
      detail: 'the capture carries no signature',
      madeFrom: shownMadeFrom(claim, null, localFingerprint),
    };
  }
  let file: CaptureSignatureFile;
  try {
    const parsed = captureSignatureSchema.safeParse(JSON.parse(Buffer.from(signatureBytes).toString('utf8')));
    if (!parsed.success) return tampered(`${CAPTURE_SIGNATURE} is not a signature this version reads`);
    file = parsed.data;
  } catch {
    return tampered(`${CAPTURE_SIGNATURE} is not JSON`);
  }
  const der = Buffer.from(file.publicKey, 'base64');
  const fingerprint = keyFingerprint(der);
  if (fingerprint !== file.fingerprint) return tampered('the fingerprint does not match the public key', fingerprint);
  let ok: boolean;
  try {
    const publicKey = createPublicKey({ key: der, format: 'der', type: 'spki' });
    ok =
      publicKey.asymmetricKeyType === 'ed25519' &&
      verify(null, signedStatement(digests), publicKey, Buffer.from(file.signature, 'base64'));
  } catch {
    ok = false;
  }
  if (!ok) return tampered('the evidence was changed after it was signed', fingerprint);
  const forgery = madeFromForgery(claim, fingerprint);
  if (forgery !== null) return tampered(forgery, fingerprint);
  return {
    state: 'signed',
    fingerprint,
    thisInstallation: fingerprint === localFingerprint,
    detail: `every entry is as signed (${digests.size} entries)`,
    madeFrom: shownMadeFrom(claim, fingerprint, localFingerprint),
  };
}
