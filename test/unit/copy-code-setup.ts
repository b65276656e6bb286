/**
 * What the copy-as-code tests (copy-code, copy-code-flagged, copy-code-unflagged) set up alike: one snippet of a
 * report, its code (a test fails naming the language when there is none), and the two ways operators on another
 * device reach a frame (a copy there, or peer access), put on a report as its placement.
 */
import type { FrameReport, Placement } from '../../contract/report';
import { copyCode, type CopyCode, type Ecosystem } from '../../wording/copy-code';

/** One language's snippet, or why there is none. */
type Snippet = CopyCode['snippets'][number];

/** The snippet of one language for a report. */
export function snippetOf(report: FrameReport, ecosystem: Ecosystem): Snippet {
  const snippet = copyCode(report).snippets.find((s) => s.ecosystem === ecosystem);
  if (snippet === undefined) throw new Error(`no ${ecosystem} snippet`);
  return snippet;
}

/** The code of one language for a report; throws when that language prints none. */
export function codeOf(report: FrameReport, ecosystem: Ecosystem): string {
  const { code } = snippetOf(report, ecosystem);
  if (code === null) throw new Error(`no ${ecosystem} code`);
  return code;
}

/** Operators on cuda:1, without peer access to the frame's cuda:0: they read a copy there. */
export const CROSS_DEVICE_COPY: Placement = {
  decoderDevice: 0,
  planeDevices: [0, 0],
  nvcvDevice: 0,
  operatorDevice: 1,
  peer: { supported: true, enabled: false },
  verdict: 'cross-device-copy',
  reason: 'the operators read a copy on cuda:1',
};

/** Operators on cuda:1 reading the frame on cuda:0 through peer access. */
export const CROSS_DEVICE_PEER: Placement = {
  ...CROSS_DEVICE_COPY,
  peer: { supported: true, enabled: true },
  verdict: 'cross-device-peer',
  reason: 'the operators read the frame through peer access',
};
