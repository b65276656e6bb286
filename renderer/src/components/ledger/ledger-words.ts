/** The copy ledger's words: what each stage's copies are for, and the setting that switches the ledger on. */
import type { Ledger } from '../../../../contract/ledger';

type Stage = Ledger['records'][number]['stage'];

/** The visible label of the Settings checkbox that switches the ledger on (SettingsPanel shows it). */
export const LEDGER_SETTING_LABEL = 'record every GPU copy';

/** What a stage's copies are for, whatever their direction. */
const STAGE_PURPOSE: Record<Stage, string> = {
  unattributed: 'issued outside every stage of the inspector (another thread or library): listed, never hidden',
  decode: "FFmpeg's own transfers while decoding",
  wrap: "wrapping FFmpeg's planes into an NVCV image: zero copy means there is none",
  evidence: "the aliasing proof: its canary, written through NVCV's pointer and read through FFmpeg's",
  thumbnail: 'the plane thumbnails, made on the GPU',
  preview: 'the operator preview and its CPU reference',
  'memory-read': 'the pixel probe and the boundary view: the bytes they asked for, a few rows at a time',
  naive: 'the naive single-tensor picture: the planes downloaded as one tensor would read them',
};

/** Words for a direction within a stage, where the direction says more than the stage. */
const KIND_PURPOSE: Partial<Record<Stage, Record<string, string>>> = {
  decode: {
    htod: 'decode upload: the software-decoded frame copied into GPU memory (software + upload; none for NVDEC)',
    dtod: "FFmpeg's copy of a decoded surface into its frame pool",
  },
  evidence: {
    dtoh: "evidence canary read-backs: what the proof's kernel read through FFmpeg's pointer, a few bytes a plane",
  },
  thumbnail: { dtoh: "thumbnails: each plane's thumbnail downloaded, its bytes only, not the frame" },
  preview: {
    dtoh: "the preview's thumbnail downloaded; for the CPU reference, the frame downloaded for swscale",
    htod: "the operator's parameters (the conversion's matrix) uploaded",
  },
};

/** What a stage's copies of one kind (htod, dtoh, dtod, memset …) are for. */
export function stagePurpose(stage: Stage, kind: string): string {
  return KIND_PURPOSE[stage]?.[kind] ?? STAGE_PURPOSE[stage];
}
