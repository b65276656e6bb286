/** Real files the addon refuses, each with the code it refuses them with. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorCode } from '../../contract/errors';
import { fixture } from './paths';

/** Deterministic pseudo-random bytes (xorshift32), so every run sees the same file. */
export function noise(length: number, seed = 0x9e3779b9): Buffer {
  const out = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** A bad file and the code the addon answers it with. */
export interface BadFile {
  file: string;
  code: ErrorCode;
}

/** Writes an empty file and a file of noise into dir; with a missing file and the audio-only fixture. */
export async function badFiles(dir: string): Promise<BadFile[]> {
  const empty = path.join(dir, 'empty.mp4');
  const junk = path.join(dir, 'noise.mp4');
  await writeFile(empty, '');
  await writeFile(junk, noise(65536));
  return [
    { file: path.join(dir, 'missing.mp4'), code: 'FILE_NOT_FOUND' },
    { file: empty, code: 'EMPTY_FILE' },
    { file: junk, code: 'NOT_A_VIDEO' },
    { file: fixture('audio-only.m4a'), code: 'NO_VIDEO_STREAM' },
  ];
}
