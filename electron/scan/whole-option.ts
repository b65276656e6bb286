/**
 * The one reading of a command-line option that takes a whole number within bounds, for every command's parser
 * (scan's, and inspect and capture's in electron/cli, which may import this room while scan may not import that one):
 * digits only, both ends included, and a usage error of the command's own kind naming the option, its bounds and
 * what was given.
 */

/** The option's whole number, or null when it was not given; throws usageError when it is not one within bounds. */
export function wholeOption(
  value: string | undefined,
  name: string,
  bounds: { min: number; max: number },
  usageError: new (message: string) => Error,
): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value) || Number(value) < bounds.min || Number(value) > bounds.max)
    throw new usageError(`--${name} needs a whole number from ${bounds.min} to ${bounds.max}, not "${value}"`);
  return Number(value);
}
