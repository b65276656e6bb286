/** NVCV's predefined image-format constants the project declares (native/src/core/nvcv_api.h), by code. */
const NAMED: Record<string, string> = {
  '0x27ffff0081': 'NVCV_IMAGE_FORMAT_U8',
  '0x254a100081': 'NVCV_IMAGE_FORMAT_Y8',
  '0x180254a1a0083': 'NVCV_IMAGE_FORMAT_NV12',
  '0x180214a1a0083': 'NVCV_IMAGE_FORMAT_NV12_ER',
  '0x180254a100083': 'NVCV_IMAGE_FORMAT_NV24',
  '0x2800011008b': 'NVCV_IMAGE_FORMAT_RGB8',
};

/** C's spelling of an exported format code: the named constant where one exists, else the literal and its name. */
export function formatExpression(code: string, name: string | null): string {
  const normal = `0x${BigInt(code).toString(16)}`;
  const named = NAMED[normal];
  if (named !== undefined) return named;
  return `(NVCVImageFormat)${normal}ULL /* ${name ?? 'unnamed'} */`;
}
