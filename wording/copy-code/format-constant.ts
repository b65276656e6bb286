/**
 * How the C and C++ snippets name the frame's NVCV image format: NVCV's predefined constant where it has one, else
 * a function of the snippet's own, zci_frame_format(), that asks NVCV to build the format from its named parts
 * (nvcvMakeYCbCrImageFormat), read from NVCV's own name of the format. No magic number is pasted either way; the
 * literal code stays only for a format whose parts are not all among those named here, with NVCV's name beside it.
 */

/** NVCV's predefined image-format constants the project declares (native/src/core/nvcv/nvcv_api.h), by code. */
const NAMED: Record<string, string> = {
  '0x27ffff0081': 'NVCV_IMAGE_FORMAT_U8',
  '0x254a100081': 'NVCV_IMAGE_FORMAT_Y8',
  '0x180254a1a0083': 'NVCV_IMAGE_FORMAT_NV12',
  '0x180214a1a0083': 'NVCV_IMAGE_FORMAT_NV12_ER',
  '0x180254a100083': 'NVCV_IMAGE_FORMAT_NV24',
  '0x2800011008b': 'NVCV_IMAGE_FORMAT_RGB8',
};

/** The parts of a YCbCr format NVCV names, each as NVCV spells it in a format's name and as its C constant. */
const COLOR_SPECS = new Set(['BT601', 'BT601_ER', 'BT709', 'BT709_ER', 'BT2020', 'BT2020_ER']);
const SUBSAMPLINGS: Record<string, string> = {
  '4:4:4': 'NVCV_CSS_444',
  '4:2:2': 'NVCV_CSS_422',
  '4:2:0': 'NVCV_CSS_420',
};
const LAYOUTS: Record<string, string> = { PITCH_LINEAR: 'NVCV_MEM_LAYOUT_PL' };
const KINDS: Record<string, string> = { UNSIGNED: 'NVCV_DATA_KIND_UNSIGNED' };
const SWIZZLES: Record<string, string> = { XYZ0: 'NVCV_SWIZZLE_XYZ0' };
const ALPHAS: Record<string, string> = { ASSOCIATED: 'NVCV_ALPHA_ASSOCIATED' };
const PACKINGS = new Set(['X8', 'X8_Y8', 'X16', 'b6X10', 'X10b6', 'X16_Y16', 'X10b6_Y10b6']);
const YCBCR_NAME = /^NVCVImageFormat\(YCbCr,(\w+),(4:\d:\d),(\w+),(\w+),(\w+),(\w+),(\w+(?:,\w+){0,3})\)$/;

/** The arguments of nvcvMakeYCbCrImageFormat after its output, for a format NVCV names by its parts; null otherwise. */
function ycbcrParts(name: string): string[] | null {
  const m = YCBCR_NAME.exec(name);
  if (m === null) return null;
  const [, spec = '', css = '', layout = '', kind = '', swizzle = '', alpha = '', packingList = ''] = m;
  const packings = packingList.split(',');
  const named = [SUBSAMPLINGS[css], LAYOUTS[layout], KINDS[kind], SWIZZLES[swizzle], ALPHAS[alpha]].filter(
    (c): c is string => c !== undefined,
  );
  if (!COLOR_SPECS.has(spec) || named.length !== 5 || !packings.every((p) => PACKINGS.has(p))) return null;
  const packingArgs = [0, 1, 2, 3].map((i) =>
    packings[i] !== undefined ? `NVCV_PACKING_${packings[i]}` : 'NVCV_PACKING_0',
  );
  const [subsampling, memLayout, dataKind, swizzleName] = named;
  const alphaType = named[4];
  return [
    `NVCV_COLOR_SPEC_${spec}`,
    subsampling ?? '',
    memLayout ?? '',
    dataKind ?? '',
    swizzleName ?? '',
    ...packingArgs,
    alphaType ?? '',
  ];
}

/** The format as the snippets write it: the expression for data.format and any definition it needs above. */
export interface FormatCode {
  expression: string;
  definition: readonly string[];
}

/** C's (or C++'s) spelling of an exported format code, with NVCV's name of it. */
export function formatCode(code: string, name: string | null, language: 'c' | 'cpp'): FormatCode {
  const normal = `0x${BigInt(code).toString(16)}`;
  const named = NAMED[normal];
  if (named !== undefined) return { expression: named, definition: [] };
  const parts = name === null ? null : ycbcrParts(name);
  if (parts === null) return { expression: `(NVCVImageFormat)${normal}ULL /* ${name ?? 'unnamed'} */`, definition: [] };
  const c = language === 'c';
  const fn = c ? 'zci_frame_format' : 'zciFrameFormat';
  const call = `  NVCVStatus status = nvcvMakeYCbCrImageFormat(&format, ${parts.slice(0, 5).join(', ')},`;
  const rest = `${' '.repeat(call.indexOf('(') + 1)}${parts.slice(5).join(', ')}, ${c ? 'NULL' : 'nullptr'});`;
  const why = [
    `NVCV has no constant for this frame's format, ${name}: NVCV builds it from its parts (code ${normal}).`,
    "0, NVCV_IMAGE_FORMAT_NONE, when NVCV refuses them; the wrap then fails with NVCV's message.",
  ];
  return {
    expression: `${fn}()`,
    definition: [
      '',
      ...(c ? [`/* ${why[0]}`, `   ${why[1]} */`] : why.map((line) => `// ${line}`)),
      `${c ? 'static' : 'inline'} NVCVImageFormat ${fn}(${c ? 'void' : ''}) {`,
      '  NVCVImageFormat format = 0;',
      call,
      rest,
      '  return status == NVCV_SUCCESS ? format : 0;',
      '}',
    ],
  };
}
