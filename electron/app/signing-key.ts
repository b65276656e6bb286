/**
 * The installation's capture-signing key: Ed25519, made on first need and kept in the config folder, readable by
 * its owner only. The backend and the command line use the same folder, so both sign with the same key.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from './atomic-write';

/** The key file's name in the config folder (PKCS #8, PEM). */
const SIGNING_KEY_FILE = 'capture-signing-key.pem';

/** A key that signs captures, with the public half as it is written into them. */
export interface SigningKey {
  privateKey: KeyObject;
  /** The public key, SPKI DER. */
  publicKeyDer: Buffer;
  /** SHA-256 of publicKeyDer, in groups of four hex digits. */
  fingerprint: string;
}

/** The fingerprint of a public key (SPKI DER): its SHA-256 in groups of four hex digits. */
export function keyFingerprint(publicKeyDer: Uint8Array): string {
  const hex = createHash('sha256').update(publicKeyDer).digest('hex');
  return (hex.match(/.{4}/g) ?? [hex]).join(' ');
}

function fromPrivate(privateKey: KeyObject): SigningKey {
  const publicKeyDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return { privateKey, publicKeyDer, fingerprint: keyFingerprint(publicKeyDer) };
}

/** The key in the config folder, or null when there is none yet (or it cannot be read). */
export async function readSigningKey(configDir: string): Promise<SigningKey | null> {
  let pem: string;
  try {
    pem = await readFile(path.join(configDir, SIGNING_KEY_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'ed25519' ? fromPrivate(key) : null;
  } catch {
    return null;
  }
}

/**
 * The installation's key, made and stored (mode 0600) when there is none: written whole to a temporary file, then
 * linked into place, which fails when the name exists. Two processes that race both end up with the first key.
 */
export async function loadOrCreateSigningKey(configDir: string): Promise<SigningKey> {
  const existing = await readSigningKey(configDir);
  if (existing !== null) return existing;
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
  const file = path.join(configDir, SIGNING_KEY_FILE);
  try {
    await writeFileAtomically(file, pem, { replace: false, mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = await readSigningKey(configDir);
    if (raced !== null) return raced;
    throw new Error(`${file} exists but holds no Ed25519 key; move it away to make a new one.`, { cause: error });
  }
  return fromPrivate(privateKey);
}
