/** Parses the command line of `zerocopy-inspector`: a command, a file, and options. */
import { parseArgs } from 'node:util';
import { CLI_OPTIONS } from './cli-options';
import { DEFAULT_CAPTURE_THUMBNAIL_WIDTH, MAX_PROBE_POINTS, MEMORY_SAMPLE_KINDS } from '../../contract/capture';

/** One kind of memory sample. */
type MemorySampleKind = (typeof MEMORY_SAMPLE_KINDS)[number];
import { CODE_LANGUAGES, type Ecosystem } from '../../wording/copy-code';
import { COMPARE_DECODERS_A, type CompareDecoderA } from '../../contract/decoder-compare';
import { FFMPEG_CHOICES, ffmpegChoiceSchema, type FfmpegChoice } from '../../contract/ffmpeg-choice';
import { parseFrameList } from '../../wording/frame-list';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { EXIT_CODES } from '../../contract/inspect-output';
import { formatHelp, HELP_WIDTH, type HelpSection } from './help-text';
import { wholeOption } from '../scan/whole-option';
import { NVDEC_THREADS, nvdecThreadsFor, WHOLE_FILE_NVDEC_THREADS } from './nvdec-threads';
import {
  DECODE_MODES,
  decodeModeSchema,
  DEVICE_ORDINAL,
  THUMBNAIL_WIDTH,
  type DecodeMode,
} from '../../contract/vocabulary';

/** The commands, options and exit codes --help lists; help-text.ts wraps each entry's words (a line break is a space). */
const HELP_SECTIONS: readonly HelpSection[] = [
  {
    title: 'Commands',
    entries: [
      { name: 'inspect <video | capture.zci>', text: "print each frame's report and check it" },
      { name: 'capture <video> -o <out.zci>', text: 'write a capture without a window' },
      {
        name: 'scan <path>...',
        text: 'every frame of every file, a JSON line a file (scan --help for its options)',
      },
    ],
  },
  {
    title: 'Options',
    entries: [
      {
        name: '--frames 0,5,10-20',
        text: 'frames to inspect or capture (default: every frame; for a capture, every captured one)',
      },
      { name: '--json', text: 'inspect: print JSON instead of a table' },
      {
        name: '--code LANG',
        text: `inspect: print the code that wraps each frame (${CODE_LANGUAGES.join(' | ')})`,
      },
      {
        name: '--device N',
        text: "CUDA device ordinal (video files): the decoder's, and the operators' unless --operator-device names another",
      },
      {
        name: '--operator-device N',
        text:
          'the device operator previews run on (capture; video files); a device the driver does not list is refused ' +
          '(NO_CUDA_DEVICE), also on a machine without CUDA',
      },
      {
        name: '--peer-access',
        text: 'with --operator-device: operators read the frame through peer access, not a copy',
      },
      {
        name: '--decode MODE',
        text: `${DECODE_MODES.join(' | ')} (video files; default auto: NVDEC where it can, else the CPU,
                       saying why); nvdec where NVDEC cannot decode the file is refused, never decoded otherwise;
                       cuvid: NVDEC through FFmpeg's *_cuvid decoders, FFmpeg's other NVDEC path`,
      },
      {
        name: '--ffmpeg WHICH',
        text: `${FFMPEG_CHOICES.join(' | ')}: the machine's FFmpeg, or a build of the addon with its own
                       FFmpeg beside it (default: ZCI_FFMPEG, else system); refused when that build is missing`,
      },
      {
        name: '--nvdec-threads N',
        text:
          `pictures NVDEC decodes at once, ${NVDEC_THREADS.min} to ${NVDEC_THREADS.max} (default: ` +
          `${WHOLE_FILE_NVDEC_THREADS} for inspect over every frame, else 1); above 1, FFmpeg's error flags are left ` +
          "out of each frame's damage (its messages still mark concealed frames)",
      },
      {
        name: '--unsafe-output',
        text:
          "FFmpeg 6.0 and later: NVDEC frames are the decoder's surfaces, not FFmpeg's copies (refused on an FFmpeg " +
          'without the flag; a note says when no frame came from NVDEC)',
      },
      {
        name: '--compare-decoders',
        text:
          'inspect: decode each frame with NVDEC and with the software decoder and compare the samples (not with ' +
          '--decode, --unsafe-output, --operator-device, --ledger or --code)',
      },
      {
        name: '--decoders A,B',
        text: `with --compare-decoders: ${COMPARE_DECODERS_A.join(' | ')} against software (default nvdec,software)`,
      },
      { name: '--no-proof', text: 'skip the aliasing proof (a canary written through NVCV, read through FFmpeg)' },
      {
        name: '--ledger',
        text: 'record every GPU copy of each frame step (CUPTI) into its report (video files; slower)',
      },
      {
        name: '--strict',
        text:
          'a check that could not run (no NVCV, no proof) counts as failed, and so does a capture not signed by this ' +
          "installation (unsigned, another's key, or re-saved from such a one) and a recorded frame handed over " +
          'while its stream was still decoding (stream PENDING)',
      },
      {
        name: '--no-previews',
        text: 'capture: leave out the operator previews (CV-CUDA on a GPU, the CPU reference anywhere)',
      },
      {
        name: '--memory KINDS',
        text:
          'capture: the memory samples each frame keeps, from first-rows,boundary,probe (default all) or none; the ' +
          'probe and boundary view read them where there is no GPU',
      },
      {
        name: '--probe X,Y',
        text: "capture: keep the probe's band of rows around this pixel instead of the middle (repeatable)",
      },
      {
        name: '--thumb-width N',
        text: `capture: width of the plane thumbnails (${THUMBNAIL_WIDTH.min}-${THUMBNAIL_WIDTH.max}, default ${DEFAULT_CAPTURE_THUMBNAIL_WIDTH})`,
      },
      { name: '-o, --output FILE', text: 'capture: where to write (must end in .zci; an existing file is kept)' },
      { name: '--overwrite', text: 'capture: replace an existing file (never a symbolic link)' },
      { name: '-h, --help', text: 'this text' },
      { name: '--version', text: 'the version' },
    ],
  },
  {
    title: 'Exit codes',
    entries: [
      {
        name: String(EXIT_CODES.ok),
        text:
          'every check passed (checks that could not run are listed, and fail only with --strict); also when the ' +
          'reader of the output goes away early (… | head): the command stops quietly',
      },
      {
        name: String(EXIT_CODES.checkFailed),
        text:
          'a check failed (pointer or stride mismatch, aliasing proof failed or not restored) or a frame failed to ' +
          'decode; a capture is tampered (changed after signing, or its signature removed); with --compare-decoders: ' +
          'a codec whose standard requires bit-exact output decoded differently',
      },
      {
        name: String(EXIT_CODES.usage),
        text:
          'usage: unknown option, bad value, frames the file does not have, or --unsafe-output on an FFmpeg ' +
          'without it',
      },
      {
        name: String(EXIT_CODES.cannotOpen),
        text:
          "the file could not be opened (or not as the options chose: no such device, no NVDEC, that FFmpeg's addon " +
          'missing), or the capture could not be written',
      },
      {
        name: String(EXIT_CODES.compareUnavailable),
        text:
          '--compare-decoders could not compare: a decoder of the pair cannot run here or cannot decode the file ' +
          '(DECODER_COMPARE_UNAVAILABLE, e.g. NVDEC without a GPU; --decoders software,software runs anywhere)',
      },
    ],
  },
];

/** The usage text at WIDTH columns, printed by --help. */
export function usage(width: number): string {
  return formatHelp('Usage: zerocopy-inspector <command> <file> [options]', HELP_SECTIONS, width);
}

/** The usage text as it is printed to a pipe or file. */
export const USAGE = usage(HELP_WIDTH.piped);

/** What the command line asks for. */
export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'inspect' | 'capture';
      file: string;
      frames: number[] | null;
      json: boolean;
      /** inspect: the language of the copy-as-code snippet to print instead of the table. */
      code: Ecosystem | null;
      device: number | null;
      /** --operator-device: where operator previews run (null: the decoder's device); --peer-access. */
      operatorDevice: number | null;
      peerAccess: boolean;
      decode: DecodeMode | null;
      /** --ffmpeg: which FFmpeg to decode with (null: the default, the system's). */
      ffmpeg: FfmpegChoice | null;
      /** --unsafe-output: AV_HWACCEL_FLAG_UNSAFE_OUTPUT on FFmpeg 6.0 and later (NVDEC frames are the surfaces). */
      unsafeOutput: boolean;
      /** NVDEC frame threads for the open (nvdec-threads.ts); null: the addon's default. */
      nvdecThreads: number | null;
      proof: boolean;
      /** --ledger: the copy ledger of each frame step, in its report. */
      ledger: boolean;
      strict: boolean;
      previews: boolean;
      /** capture: the memory samples each frame keeps, and the pixels to keep the probe's band around. */
      memory: { kinds: MemorySampleKind[]; probe: { x: number; y: number }[] };
      thumbWidth: number;
      output: string | null;
      overwrite: boolean;
      /** --compare-decoders: side A's decoder (side B is the software decoder); null without the option. */
      compareDecoders: CompareDecoderA | null;
    };

/** Thrown for a usage error; the CLI prints it with the usage text and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A whole-number option within bounds, or null when absent; a UsageError otherwise. */
function integer(value: string | undefined, name: string, min: number, max: number): number | null {
  return wholeOption(value, name, { min, max }, UsageError);
}

/** Parses argv (without node and the script); throws UsageError. */
export function parseCli(argv: readonly string[]): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: CLI_OPTIONS,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  if (values.version === true) return { kind: 'version' };
  const [command, file, ...extra] = positionals;
  if (command === undefined) throw new UsageError('name a command: inspect or capture');
  if (command !== 'inspect' && command !== 'capture') throw new UsageError(`unknown command "${command}"`);
  if (file === undefined) throw new UsageError(`${command} needs a file`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const decode = values.decode === undefined ? null : decodeModeSchema.safeParse(values.decode);
  if (decode !== null && !decode.success)
    throw new UsageError(`--decode must be one of ${DECODE_MODES.join(', ')}, not "${values.decode}"`);
  const ffmpeg = values.ffmpeg === undefined ? null : ffmpegChoiceSchema.safeParse(values.ffmpeg);
  if (ffmpeg !== null && !ffmpeg.success)
    throw new UsageError(`--ffmpeg must be one of ${FFMPEG_CHOICES.join(', ')}, not "${values.ffmpeg}"`);
  let frames: number[] | null = null;
  if (values.frames !== undefined) {
    try {
      frames = parseFrameList(values.frames);
    } catch (error) {
      throw new UsageError(`--frames: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const output = values.output ?? null;
  if (command === 'capture' && output === null) throw new UsageError('capture needs -o <out.zci>');
  if (command === 'inspect' && output !== null) throw new UsageError('-o belongs to capture; inspect prints');
  if (command === 'capture' && values.json === true) throw new UsageError('--json belongs to inspect');
  const code = values.code ?? null;
  if (code !== null && !CODE_LANGUAGES.some((language) => language === code))
    throw new UsageError(`--code must be one of ${CODE_LANGUAGES.join(', ')}, not "${code}"`);
  if (command === 'capture' && code !== null) throw new UsageError('--code belongs to inspect');
  if (code !== null && values.json === true) throw new UsageError('--code and --json each choose the output: pick one');
  if (command === 'inspect' && values.overwrite === true) throw new UsageError('--overwrite belongs to capture');
  const compareDecoders = parseCompare(command, values['compare-decoders'] === true, values.decoders);
  if (compareDecoders !== null) refuseIgnoredByCompare(values);
  const operatorDevice = integer(values['operator-device'], 'operator-device', DEVICE_ORDINAL.min, DEVICE_ORDINAL.max);
  if (values['peer-access'] === true && operatorDevice === null)
    throw new UsageError('--peer-access needs --operator-device: on one device nothing crosses');
  return {
    kind: command,
    file,
    frames,
    json: values.json === true,
    code: CODE_LANGUAGES.find((language) => language === code) ?? null,
    device: integer(values.device, 'device', DEVICE_ORDINAL.min, DEVICE_ORDINAL.max),
    operatorDevice,
    peerAccess: values['peer-access'] === true,
    decode: decode?.data ?? null,
    ffmpeg: ffmpeg?.data ?? null,
    unsafeOutput: values['unsafe-output'] === true,
    nvdecThreads: nvdecThreadsFor(
      command,
      frames !== null,
      integer(values['nvdec-threads'], 'nvdec-threads', NVDEC_THREADS.min, NVDEC_THREADS.max),
    ),
    // The proof setting's one default is the contract's; --no-proof turns it off.
    proof: values['no-proof'] === true ? false : DEFAULT_SETTINGS.proof,
    ledger: values.ledger === true,
    strict: values.strict === true,
    previews: values['no-previews'] !== true,
    memory: { kinds: parseMemoryKinds(command, values.memory), probe: parseProbePoints(command, values.probe) },
    thumbWidth:
      integer(values['thumb-width'], 'thumb-width', THUMBNAIL_WIDTH.min, THUMBNAIL_WIDTH.max) ??
      DEFAULT_CAPTURE_THUMBNAIL_WIDTH,
    output,
    overwrite: values.overwrite === true,
    compareDecoders,
  };
}

/** --memory: the kinds of memory sample a capture keeps (all when not given; none for "none"). */
function parseMemoryKinds(command: string, given: string | undefined): MemorySampleKind[] {
  if (given === undefined) return [...MEMORY_SAMPLE_KINDS];
  if (command !== 'capture') throw new UsageError('--memory belongs to capture');
  if (given === 'none') return [];
  const kinds = given.split(',').map((part) => part.trim());
  const known = kinds.filter((kind): kind is MemorySampleKind =>
    (MEMORY_SAMPLE_KINDS as readonly string[]).includes(kind),
  );
  if (known.length !== kinds.length || kinds.length === 0)
    throw new UsageError(`--memory takes none or a list of ${MEMORY_SAMPLE_KINDS.join(', ')}, not "${given}"`);
  return [...new Set(known)];
}

/** --probe X,Y (repeatable): pixels of the first plane a capture keeps a band of rows around, in every plane. */
function parseProbePoints(command: string, given: string[] | undefined): { x: number; y: number }[] {
  if (given === undefined) return [];
  if (command !== 'capture') throw new UsageError('--probe belongs to capture');
  if (given.length > MAX_PROBE_POINTS) throw new UsageError(`--probe takes at most ${MAX_PROBE_POINTS} pixels`);
  return given.map((text) => {
    const match = /^(\d{1,5}),(\d{1,5})$/.exec(text.trim());
    if (match === null || Number(match[1]) > 65_535 || Number(match[2]) > 65_535)
      throw new UsageError(`--probe takes X,Y (whole numbers up to 65535), not "${text}"`);
    return { x: Number(match[1]), y: Number(match[2]) };
  });
}

/**
 * The options --compare-decoders has no use for: it opens its own two decoders (--decoders chooses them) and prints
 * no frame reports, so each of these would be dropped without a word.
 */
function refuseIgnoredByCompare(values: Record<string, unknown>): void {
  const ignored = ['decode', 'unsafe-output', 'nvdec-threads', 'operator-device', 'ledger', 'code'].filter(
    (name) => values[name] !== undefined,
  );
  if (ignored.length > 0)
    throw new UsageError(
      `--compare-decoders does not take ${ignored.map((name) => `--${name}`).join(', ')}: it decodes with the pair --decoders names (nvdec,software by default)`,
    );
}

/** --compare-decoders and --decoders A,B: side A's decoder, or null. */
function parseCompare(command: string, compare: boolean, decoders: string | undefined): CompareDecoderA | null {
  if (!compare) {
    if (decoders !== undefined) throw new UsageError('--decoders belongs to --compare-decoders');
    return null;
  }
  if (command !== 'inspect') throw new UsageError('--compare-decoders belongs to inspect');
  if (decoders === undefined) return 'nvdec';
  const [a, b, ...rest] = decoders.split(',').map((part) => part.trim());
  const side = COMPARE_DECODERS_A.find((name) => name === a);
  if (side === undefined || b !== 'software' || rest.length > 0)
    throw new UsageError(
      `--decoders must be A,software with A one of ${COMPARE_DECODERS_A.join(', ')}, not "${decoders}"`,
    );
  return side;
}
