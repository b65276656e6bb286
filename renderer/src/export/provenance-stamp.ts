/**
 * The line every exported picture carries under the panel: where the evidence came from, as the banner says it. A
 * capture's signature state is part of it (tampered in red, unsigned in amber), so a picture cut out of the app
 * never shows a verdict without saying whether it can be trusted.
 */
import { signatureWords } from '../../../contract/capture';
import { type CaptureSummary } from '../../../contract/capture-summary';
import { withPngText } from './png-text';

/** What the stamp says, and its tone. */
export interface ProvenanceStamp {
  text: string;
  tone: 'ok' | 'warn' | 'bad' | 'live';
}

/** The stamp of a picture of a live file's frame, or of a capture's. */
export function provenanceStamp(
  capture: CaptureSummary | null,
  file: string | null,
  frame: number | null,
  versions = '',
): ProvenanceStamp {
  const stamp = stampOf(capture, file, frame);
  return versions === '' ? stamp : { ...stamp, text: `${stamp.text} · ${versions}` };
}

function stampOf(capture: CaptureSummary | null, file: string | null, frame: number | null): ProvenanceStamp {
  const frameText = frame !== null ? `, frame ${frame}` : '';
  if (capture === null)
    return { text: `Zero-Copy Inspector · live decode of ${file ?? 'no file'}${frameText}`, tone: 'live' };
  const where = `capture of ${capture.source.fileName}${frameText}, made ${capture.createdAt} on ${capture.machine.hostname}`;
  const state = capture.signature.state;
  if (state === 'tampered')
    return {
      text: `TAMPERED: the evidence was changed after signing (${capture.signature.detail}) · ${where}`,
      tone: 'bad',
    };
  if (state === 'unsigned') return { text: `UNSIGNED: nothing proves who made it · ${where}`, tone: 'warn' };
  return { text: `${signatureWords(capture.signature)} · ${where}`, tone: 'ok' };
}

const TONE_COLOURS: Record<ProvenanceStamp['tone'], { band: string; text: string }> = {
  ok: { band: '#1f3a2a', text: '#d7f5e3' },
  live: { band: '#23272f', text: '#e6e8ec' },
  warn: { band: '#ffb020', text: '#1a1400' },
  bad: { band: '#c62828', text: '#ffffff' },
};

/** The band's height in CSS pixels. */
const BAND = 28;

/** A PNG with the stamp drawn in a band under it (the panel's picture is not covered). */
export async function stampPng(
  picture: Blob,
  stamp: ProvenanceStamp,
  scale = window.devicePixelRatio || 1,
): Promise<Blob> {
  const image = new Image();
  const url = URL.createObjectURL(picture);
  try {
    image.src = url;
    await image.decode();
  } finally {
    URL.revokeObjectURL(url);
  }
  const band = Math.round(BAND * scale);
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight + band;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('no 2D canvas');
  context.drawImage(image, 0, 0);
  const colours = TONE_COLOURS[stamp.tone];
  context.fillStyle = colours.band;
  context.fillRect(0, image.naturalHeight, canvas.width, band);
  context.fillStyle = colours.text;
  context.font = `${Math.round(13 * scale)}px sans-serif`;
  context.textBaseline = 'middle';
  context.fillText(
    stamp.text,
    Math.round(8 * scale),
    image.naturalHeight + band / 2,
    canvas.width - Math.round(16 * scale),
  );
  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob === null ? reject(new Error('the canvas gave no PNG')) : resolve(blob)), 'image/png'),
  );
  // The band's words as text in the file as well.
  const bytes = withPngText(new Uint8Array(await png.arrayBuffer()), 'Comment', stamp.text);
  return new Blob([bytes.slice().buffer], { type: 'image/png' });
}

/** The versions and the moment a picture was made, for the band: FFmpeg's and NVCV's, as the backend reported them. */
export function versionsText(
  environment: {
    ffmpeg: { version?: string | undefined; libavcodec: string };
    nvcv: { version: string | null };
  } | null,
  at: Date,
): string {
  const ffmpeg =
    environment === null ? 'unknown' : (environment.ffmpeg.version ?? `libavcodec ${environment.ffmpeg.libavcodec}`);
  const nvcv = environment?.nvcv.version ?? 'not loaded';
  return `FFmpeg ${ffmpeg} · NVCV ${nvcv} · ${at.toISOString().replace(/\.\d+Z$/, 'Z')}`;
}
