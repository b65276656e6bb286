/**
 * The command line's options as node:util's parseArgs reads them: one table for the parser (cli-args.ts) and for the
 * early open (early-open.ts), which must find the same file among the same arguments before the parser loads.
 */
export const CLI_OPTIONS = {
  frames: { type: 'string' },
  json: { type: 'boolean' },
  code: { type: 'string' },
  device: { type: 'string' },
  'operator-device': { type: 'string' },
  'peer-access': { type: 'boolean' },
  decode: { type: 'string' },
  ffmpeg: { type: 'string' },
  'unsafe-output': { type: 'boolean' },
  'nvdec-threads': { type: 'string' },
  'no-proof': { type: 'boolean' },
  ledger: { type: 'boolean' },
  'no-previews': { type: 'boolean' },
  strict: { type: 'boolean' },
  'thumb-width': { type: 'string' },
  memory: { type: 'string' },
  probe: { type: 'string', multiple: true },
  output: { type: 'string', short: 'o' },
  overwrite: { type: 'boolean' },
  'compare-decoders': { type: 'boolean' },
  decoders: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;
