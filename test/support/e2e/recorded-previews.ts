/** Operator previews recorded on a real GPU (docs/gpu-runs), served in place of the addon's on a machine without one. */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { decodePng } from '../../../electron/capture/png';
import type { PreviewParams } from '../../../contract/preview';
import type { PreviewResult, RgbImage } from '../../../contract/show';
import { decodeWireMessage, encodeWireMessage } from '../../../contract/wire-frame';
import { newestPreviewsFile } from '../gpu-runs';

interface Recorded {
  file: string;
  name: string;
  png: string;
  converter?: string;
  timings?: PreviewResult['timings'];
  psnr?: number | null;
  maxAbsError?: number | null;
  meanAbsError?: number | null;
  bytesDownloaded?: number;
  frameBytes?: number;
  method?: string;
  reason?: string;
}

/** The previews of the GPU run that recorded last, or of its follow-up (test/support/gpu-runs.ts). */
function recordedRun(): Recorded[] {
  // The run's previews are kept gzipped (base64 pictures are bulky text).
  return JSON.parse(gunzipSync(readFileSync(newestPreviewsFile())).toString('utf8')) as Recorded[];
}

/** A recorded PNG as the wire carries RGB pixels. */
export function recordedRgb(entry: Recorded): RgbImage {
  const image = decodePng(Buffer.from(entry.png, 'base64'));
  if (image.channels !== 3) throw new Error(`${entry.name} is not RGB`);
  return { width: image.width, height: image.height, rgb: Uint8Array.from(image.data) };
}

/** The previews recorded for one fixture, answering preview requests as the addon did on the GPU. */
export function recordedPreviews(file: string): (params: PreviewParams) => PreviewResult {
  const entries = recordedRun().filter((entry) => entry.file === file);
  const find = (name: string): Recorded | undefined => entries.find((entry) => entry.name === name);
  const reference = find('reference');
  const wrongWrap = find('wrong-wrap');
  return (params) => {
    const forced = params.op === 'convert' && params.matrix !== undefined ? find('wrong-matrix') : undefined;
    const shown = find(params.op);
    if (shown === undefined) throw new Error(`no recorded ${params.op} for ${file}`);
    const figures = forced ?? shown;
    return {
      op: params.op,
      gpu: true,
      gpuReason: '',
      converter: figures.converter ?? '',
      thumbnail: recordedRgb(forced ?? shown),
      timings: shown.timings ?? { convertMs: 0, opMs: 0, resizeMs: 0, downloadMs: 0, totalMs: 0 },
      bytesDownloaded: shown.bytesDownloaded ?? 0,
      frameBytes: shown.frameBytes ?? 0,
      reference: reference !== undefined ? recordedRgb(reference) : null,
      referenceMethod: reference?.method ?? '',
      psnr: figures.psnr ?? null,
      maxAbsError: figures.maxAbsError ?? null,
      meanAbsError: figures.meanAbsError ?? null,
      wrongWrap: params.op === 'convert' && wrongWrap !== undefined ? recordedRgb(wrongWrap) : null,
      wrongWrapReason:
        params.op === 'convert'
          ? (wrongWrap?.reason ?? 'chroma follows the display rows')
          : 'shown with the convert preview',
    };
  };
}

/**
 * Answers the page's operator previews from a recording: every preview a show asks for (the operator's own show of
 * the frame on screen, and the one a frame step brings back with the frame), the real backend answering the rest of
 * that show. Every other call reaches the real backend.
 */
export async function serveRecordedPreviews(
  page: Page,
  answer: (params: PreviewParams) => PreviewResult,
): Promise<void> {
  await page.routeWebSocket(/\/rpc$/, (socket) => {
    const server = socket.connectToServer();
    const asked = new Map<number, PreviewParams[]>();
    // What the page receives is what the backend would send: JSON text, or a binary frame when bytes travel.
    const toPage = (value: unknown): void => {
      const encoded = encodeWireMessage(value);
      socket.send(typeof encoded === 'string' ? encoded : Buffer.from(encoded));
    };
    server.onMessage((message) => {
      const reply = decodeWireMessage(message) as { kind: string; id?: number; ok?: boolean; result?: object };
      const previews = reply.id === undefined ? undefined : asked.get(reply.id);
      if (reply.kind !== 'response' || previews === undefined || reply.ok !== true) {
        socket.send(message);
        return;
      }
      asked.delete(reply.id!);
      const outcomes = previews.map((params) => ({ result: answer(params), error: null }));
      toPage({ ...reply, result: { ...reply.result, previews: outcomes } });
    });
    socket.onMessage((message) => {
      const request = JSON.parse(String(message)) as {
        id: number;
        method: string;
        params: { options?: { previews?: PreviewParams[] } };
      };
      const previews = request.method === 'show' ? request.params.options?.previews : undefined;
      if (previews !== undefined && previews.length > 0) asked.set(request.id, previews);
      server.send(message);
    });
  });
}
