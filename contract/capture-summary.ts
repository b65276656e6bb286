/** What the app shows of an open capture: the summary the renderer gets, a recorder capture's provenance and each
 * frame's stream at hand-over, the GPU in words. */
import { z } from 'zod';
import type { CaptureManifest, CaptureSelection, CaptureSignature, RecordedBy } from './capture';

/** What the renderer shows about an open capture: where, when, which GPU, and which frames. */
export interface CaptureSummary {
  /** The capture file's own path (on the backend's machine). */
  path: string;
  createdAt: string;
  app: { name: string; version: string };
  machine: { hostname: string; platform: string; arch: string };
  source: { fileName: string; size: number; sha256: string };
  selection: CaptureSelection;
  environment: CaptureManifest['environment'];
  /** The captured frame indices, ascending. */
  frames: number[];
  /** Captured frames that carry operator previews. */
  framesWithOperators: number[];
  /** The GPU the frames were decoded on, in words. */
  gpu: string;
  /** Every device of the machine the capture was made on, with its identity and what it did (captureDeviceLines). */
  devices: string[];
  /** Who signed the capture, and whether it still verifies. */
  signature: CaptureSignature;
  /** The recorder's provenance and the labels of its frames (absent: the inspector made the capture). */
  recorded?: RecordedSummary;
}

/** Whether the decode's work on the stream the user named had finished when the frame was handed over: the
 * recorder asks cuStreamQuery (or cuEventQuery for an event), a query, never a wait; 'not-named' when the user named
 * neither. */
const HAND_OVER_STATES = ['complete', 'pending', 'not-named'] as const;

/** A recorded frame's stream at hand-over, as the recorder writes it in the frame's recorded facts. */
const handOverSchema = z.object({
  handle: z.string().max(32).nullable(),
  method: z.enum(['cuStreamQuery', 'cuEventQuery']).nullable(),
  state: z.enum(HAND_OVER_STATES),
});

/** A recorded frame's stream at hand-over, by frame index. */
export type HandOver = z.infer<typeof handOverSchema> & { index: number };

/** One object the user's code handed the recorder, as its recorded facts name it: the recorder's kind
 * ('pynvvideocodec', 'cuda-array-interface', 'nvcv', …) and its own description, which starts with the type's name. */
const recordedObjectSchema = z.object({ kind: z.string().max(64), described: z.string().max(200) });

/** The two objects of a recorded frame: its source and the object wrapped over it (null: none was handed over). */
const recordedObjectsSchema = z.object({ source: recordedObjectSchema, wrapped: recordedObjectSchema.nullable() });

/** A recorded frame's source and wrapped object, by frame index. */
export type RecordedObjects = z.infer<typeof recordedObjectsSchema> & { index: number };

/** What the banner shows of a recorder capture. */
interface RecordedSummary extends RecordedBy {
  /** Each frame's label, in frame order (frames without one are left out). */
  labels: { index: number; label: string }[];
  /** Each frame's stream at hand-over, in frame order (frames whose facts hold none are left out). */
  handOver: HandOver[];
  /** Each frame's source and wrapped object, in frame order (frames whose facts name none are left out; absent in
   * summaries made before they were read). */
  objects?: RecordedObjects[];
}

/** The banner's view of a recorder capture, or undefined for one the inspector made. */
export function recordedSummary(manifest: CaptureManifest): RecordedSummary | undefined {
  if (manifest.recordedBy === undefined) return undefined;
  const labels = manifest.frames.flatMap((f) => (f.label === undefined ? [] : [{ index: f.index, label: f.label }]));
  const handOver = manifest.frames.flatMap((f) => {
    const parsed = handOverSchema.safeParse(f.recorded?.['stream']);
    return parsed.success ? [{ index: f.index, ...parsed.data }] : [];
  });
  const objects = manifest.frames.flatMap((f) => {
    const { source, wrapped = null } = f.recorded ?? {};
    const parsed = recordedObjectsSchema.safeParse({ source, wrapped });
    return parsed.success ? [{ index: f.index, ...parsed.data }] : [];
  });
  return { ...manifest.recordedBy, labels, handOver, objects };
}

/** The banner's words for whose process a recorder capture came from ("python3 train.py · pid 4242 · …"). */
export function recordedWords(recorded: RecordedBy): string {
  const versions = Object.entries(recorded.versions)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, version]) => `${name} ${version}`);
  return [`${recorded.process.name} (pid ${recorded.process.pid})`, ...versions].join(' · ');
}

/** The GPU a capture's frames were decoded on ("NVIDIA H200, driver 13.0, …"), or why there was none. */
export function captureGpuText(environment: CaptureManifest['environment'], device: number): string {
  if (environment === null) return 'unknown (no environment recorded)';
  const found = environment.cuda.devices.find((d) => d.ordinal === device) ?? environment.cuda.devices[0];
  if (found === undefined) return 'no CUDA device';
  return `${found.name}, driver ${environment.cuda.driverVersion ?? '?'}, CUDA runtime ${environment.cuda.runtimeVersion}`;
}

/** Every CUDA device of the capture's machine, one line each, with its identity and what it did there:
 * "cuda:0 NVIDIA H200 · GPU-1c2b… · 0000:19:00.0 · decoder, operators" (roles: the decoder's device, and the
 * operators', which is the decoder's unless the capture was made with another). Empty without an environment. */
export function captureDeviceLines(manifest: Pick<CaptureManifest, 'environment' | 'options' | 'stream'>): string[] {
  const { environment, options, stream } = manifest;
  if (environment === null) return [];
  const operators = options.operatorDevice ?? stream.device;
  return environment.cuda.devices.map((d) => {
    const roles = [
      ...(d.ordinal === stream.device ? ['decoder'] : []),
      ...(d.ordinal === operators ? ['operators'] : []),
    ];
    const identity = [d.name, d.uuid ?? 'UUID not recorded', d.pciBusId];
    return `cuda:${d.ordinal} ${identity.join(' · ')}${roles.length > 0 ? ` · ${roles.join(', ')}` : ''}`;
  });
}
