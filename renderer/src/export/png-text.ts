/**
 * A tEXt chunk written into a PNG after its header: the provenance band's words travel in the file as text too, so
 * a tool (or a test) can read where a picture came from without reading its pixels.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG uses it, over the chunk's type and data. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The PNG with a tEXt chunk (keyword, NUL, Latin-1 text; other characters become '?') after its IHDR. */
export function withPngText(png: Uint8Array, keyword: string, text: string): Uint8Array {
  const latin1 = (s: string): number[] => Array.from(s, (ch) => (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 0x3f));
  const body = new Uint8Array([...latin1('tEXt'), ...latin1(keyword), 0, ...latin1(text)]);
  const chunk = new Uint8Array(body.length + 8);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, body.length - 4);
  chunk.set(body, 4);
  view.setUint32(body.length + 4, crc32(body));
  // The signature (8 bytes) and IHDR (4 + 4 + 13 + 4 bytes) come first.
  const at = 8 + 25;
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, at), 0);
  out.set(chunk, at);
  out.set(png.subarray(at), at + chunk.length);
  return out;
}
