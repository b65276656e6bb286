/**
 * Words for the jargon the inspector shows: each term's name and a short explanation, stated once. The panels put
 * a "?" beside a term that opens its entry; the help overlay lists them all.
 */
import { REGION_LABELS } from '../contract/memory';
import { DESCRIPTOR_ONLY_HEADLINE, DESCRIPTOR_ONLY_WHY } from './verdicts';

/** The terms that have an entry, in the order the help overlay lists them. */
export const GLOSSARY_TERMS = [
  'aliasing-proof',
  'strided-buffers',
  'descriptor-only',
  'single-tensor',
  'surface-pool',
  'contexts-streams',
  'coded-not-displayed',
  'allocator-padding',
  'nvcv-format',
] as const;

/** One of GLOSSARY_TERMS. */
export type GlossaryTerm = (typeof GLOSSARY_TERMS)[number];

/** A term as the panels name it, and what it means. */
export interface GlossaryEntry {
  /** The term, as it appears beside its "?". */
  title: string;
  /** A few sentences: what it is, and why the inspector shows it. */
  text: string;
}

/** Every entry. */
export const GLOSSARY: Readonly<Record<GlossaryTerm, GlossaryEntry>> = {
  'aliasing-proof': {
    title: 'canary and aliasing proof',
    text:
      'The canary is a random 8-byte pattern. The aliasing proof writes it through the pointer NVCV exports, in the ' +
      "first and last row of every plane: on the device with CV-CUDA's own Flip operator, as a user's operator " +
      'would write ("cvcuda-flip"), or a one-thread CUDA kernel where CV-CUDA is not loaded ("device-kernel"); in ' +
      'host memory with a plain store. It reads the bytes back through the pointer FFmpeg handed out. Reading the ' +
      'canary back means both pointers reach the same bytes: nothing was copied in between. The bytes the canary ' +
      'replaced are then written back ("restored").',
  },
  'strided-buffers': {
    title: 'STRIDED_CUDA / STRIDED_HOST',
    text:
      "NVCV's buffer types for pitch-linear images: every plane is a base pointer and a row stride (the pitch, " +
      'in bytes). STRIDED_CUDA says the pointers are memory CUDA kernels may read, so CV-CUDA operators can run ' +
      'on the image; STRIDED_HOST says they are host memory. NVCV refuses to wrap an image as STRIDED_HOST.',
  },
  'descriptor-only': {
    title: DESCRIPTOR_ONLY_HEADLINE.toLowerCase(),
    text:
      `${DESCRIPTOR_ONLY_WHY}. Matching pointers then show only that NVCV kept FFmpeg's addresses, not that a ` +
      'GPU reads the frame without a copy; decode on an NVIDIA GPU (NVDEC) for that claim.',
  },
  'single-tensor': {
    title: 'single-tensor view',
    text:
      'CV-CUDA code often views an NV12 frame as one tensor of 1.5×H rows of W bytes, assuming the chroma rows ' +
      'follow the luma rows at the display height. That holds only when chroma starts exactly there and both ' +
      "planes share one pitch. NVDEC's 1080p H.264 frames have 1088 coded rows, so chroma starts at row 1088 and " +
      'the 1.5×H view reads 8 rows of luma padding as chroma. Wrapping plane by plane has no such assumption.',
  },
  'surface-pool': {
    title: 'surface pool',
    text:
      "The fixed set of frame buffers (surfaces) FFmpeg's hardware frames context allocates for the decoder; " +
      'NVDEC decodes into them in turn. A frame the inspector holds keeps its surface out of the pool until it is ' +
      'released, so holding too many starves the decoder. "Address reused" means a surface came back: the same ' +
      'pointer now holds a newer frame.',
  },
  'contexts-streams': {
    title: 'CUDA contexts and streams',
    text:
      "A CUDA context owns a device's allocations, modules and streams; a pointer is used in the context that " +
      "allocated it. FFmpeg decodes in its context, CV-CUDA runs in the runtime's current one: one context when " +
      'both use the primary context. A stream is a queue of GPU work that runs in order. Stream 0x0 is the legacy ' +
      "default stream of the frame's context: work queued on it starts only after the work FFmpeg queued earlier " +
      'in that context, so reading the frame there needs no extra synchronisation.',
  },
  'coded-not-displayed': {
    title: REGION_LABELS['coded-not-displayed'],
    text:
      'Rows and columns the decoder wrote that the display crops away. H.264 codes whole 16×16 macroblocks and ' +
      'HEVC whole coding-tree blocks, so a 1080-row picture is coded as 1088 rows. They hold decoded pixels ' +
      'nobody is shown, and lie between the visible rows and the next plane.',
  },
  'allocator-padding': {
    title: REGION_LABELS['allocator-padding'],
    text:
      "Whole rows FFmpeg's frame pool allocated beyond the coded rows, before the next plane or the end of the " +
      'allocation, to keep planes aligned. The decoder never writes them; reading them as picture gives garbage.',
  },
  'nvcv-format': {
    title: 'NVCV image format',
    text:
      'NVCV names a format by its colour model, colour standard (BT601, BT709, BT2020; _ER means full range, ' +
      "otherwise limited), chroma subsampling, memory layout and each plane's packing: X8 is one 8-bit sample, " +
      'X8_Y8 two interleaved 8-bit samples, X10b6 10 data bits above 6 padding bits of a 16-bit word, b6X10 6 ' +
      'padding bits above 10 data bits. The identity panel reads the name out plane by plane.',
  },
};
