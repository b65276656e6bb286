/**
 * The SHA-256 of the file open live, as the backend answers it: taken after the open, off the request path, so that
 * two live sides of an A/B compare by their bytes as two captures do. sourceHash answers at once, with the hash or
 * with how far the reading has come; the window asks again until it has the hash. A file over SOURCE_HASH_MAX_BYTES is not read
 * (SOURCE_TOO_LARGE_TO_HASH, said before any byte is read); a file that changed on disk while it was read gets no hash
 * (SOURCE_CHANGED_WHILE_HASHED).
 */
import { z } from 'zod';

/** The largest file hashed: 64 GiB, about a minute of reading on a fast disk, never on any request's path. */
export const SOURCE_HASH_MAX_BYTES = 64 * 1024 ** 3;

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

/** The answer of sourceHash, at once: the hash, or how far the reading has come. */
export const sourceHashSchema = z.discriminatedUnion('state', [
  z
    .object({
      state: z.literal('hashed'),
      /** The file hashed: the path the open resolved. */
      path: z.string().min(1),
      /** Its size in bytes, as read. */
      size: z.number().int().nonnegative(),
      sha256: sha256Schema,
      /** How long reading and hashing took, waiting for a turn included. */
      ms: z.number().nonnegative(),
    })
    .strict(),
  z
    .object({
      state: z.literal('hashing'),
      path: z.string().min(1),
      size: z.number().int().nonnegative(),
      /** Bytes read and hashed so far (0 while it waits for a turn behind other clients' files). */
      read: z.number().int().nonnegative(),
    })
    .strict(),
]);

/** What sourceHash answers. */
export type SourceHash = z.infer<typeof sourceHashSchema>;
