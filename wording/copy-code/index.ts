/** Copy as code: one snippet an ecosystem for the frame a report describes, or why none can be honest. */
import type { FrameReport } from '../../contract/report';
import { cSnippet } from './c';
import { cppSnippet } from './cpp';
import { decoderNote } from './correction';
import { crossDeviceSnippet } from './cross-device';
import { codeFacts, type CodeFacts, type FactLine, factLines, NO_CODE_VERDICTS, noCorrectWrap } from './facts';
import { naiveSnippet } from './naive';
import { pythonSnippet } from './python';
import { torchSnippet } from './torch';

/** The ecosystems a snippet is made for, in the order the panel and the command line list them. */
export const CODE_LANGUAGES = ['c', 'cpp', 'python', 'torch', 'naive', 'cross-device'] as const;

/** One of CODE_LANGUAGES. */
export type Ecosystem = (typeof CODE_LANGUAGES)[number];

/** A snippet, or the reason there is none, with the facts it depends on. */
interface Snippet {
  ecosystem: Ecosystem;
  title: string;
  code: string | null;
  /** Shown above the code (or instead of it); the project's own words and vocabulary names only. */
  note: string;
  /** The report's own reason, free text: shown as text after the note, never printed into code but as a literal. */
  detail: string | null;
}

/** Every snippet for one frame. */
export interface CopyCode {
  facts: CodeFacts;
  factLines: FactLine[];
  snippets: Snippet[];
}

/** The panel's badge for each verdict: "impossible" only where the facts say so, never where a fact is missing. */
export const VERDICT_BADGES: Readonly<Record<CodeFacts['verdict']['kind'], string>> = {
  'zero-copy': 'zero copy',
  uploaded: 'zero copy after an upload',
  host: 'zero copy impossible',
  'no-format': 'zero copy impossible',
  'format-not-recorded': 'no code: the format was not recorded',
};

const HEADERS_NOTE =
  "Uses NVCV's C API (nvcv/Image.h); it was compiled against the project's declarations of that API, " +
  'which are checked against the real library, not against NVIDIA headers.';

/** The snippets for one frame's report. */
export function copyCode(report: FrameReport): CopyCode {
  const facts = codeFacts(report);
  const { verdict } = facts;
  const nvcv = !NO_CODE_VERDICTS.includes(verdict.kind);
  const device = verdict.kind !== 'host' && nvcv;
  // "No code: …" already says there is none; the other verdicts say why there is none for the device ecosystems.
  const deviceOnly =
    verdict.kind === 'format-not-recorded'
      ? verdict.text
      : `${verdict.text} No code is printed that would pretend otherwise.`;
  const detail = 'reason' in verdict ? verdict.reason : null;
  const snippets = baseSnippets(facts, nvcv, device, deviceOnly, detail);
  return { facts, factLines: factLines(facts), snippets: flagged(facts, snippets) };
}

/** A flagged frame's snippets: the corrected code with the witness's words before the note, or, where no wrap can be
 * right, no wrap code at all (the naive snippet stays, annotated for this frame). Unflagged frames' are untouched. */
function flagged(facts: CodeFacts, snippets: Snippet[]): Snippet[] {
  const words = decoderNote(facts);
  if (words === null) return snippets;
  const none = noCorrectWrap(facts);
  return snippets.map((s) => {
    if (s.ecosystem === 'naive') return s;
    if (none) return { ...s, code: null, note: words };
    // Code that is printed wraps the planes where NVDEC wrote them; where none is printed the note says why already.
    return s.code === null ? s : { ...s, note: `${words} ${s.note}` };
  });
}

function baseSnippets(
  facts: CodeFacts,
  nvcv: boolean,
  device: boolean,
  deviceOnly: string,
  detail: string | null,
): Snippet[] {
  const { verdict } = facts;
  return [
    {
      ecosystem: 'c',
      title: 'C (NVCV)',
      code: nvcv ? cSnippet(facts) : null,
      note: nvcv ? `${verdict.text} ${HEADERS_NOTE}` : verdict.text,
      detail,
    },
    {
      ecosystem: 'cpp',
      title: 'C++ (NVCV C API with RAII)',
      code: nvcv ? cppSnippet(facts) : null,
      note: nvcv
        ? `${verdict.text} This is NVCV's C API called from C++ with std::unique_ptr deleters, not NVCV's C++ classes. ${HEADERS_NOTE}`
        : verdict.text,
      detail,
    },
    {
      ecosystem: 'python',
      title: 'Python (CV-CUDA)',
      code: pythonSnippet(facts),
      note: device ? verdict.text : deviceOnly,
      detail,
    },
    {
      ecosystem: 'torch',
      title: 'PyTorch',
      code: torchSnippet(facts),
      note: device ? verdict.text : deviceOnly,
      detail,
    },
    {
      ecosystem: 'naive',
      title: 'Naive (wrong)',
      code: naiveSnippet(facts),
      note: 'What a first attempt looks like, and what each wrong line does to this frame.',
      detail: null,
    },
    {
      ecosystem: 'cross-device',
      title: 'Across devices (CUDA)',
      code: crossDeviceSnippet(facts),
      note:
        facts.crossDevice === null
          ? 'The frame and the operators are on one device: nothing crosses, and no code is needed for it.'
          : facts.crossDevice.peer
            ? `The frame is on cuda:${facts.crossDevice.frameDevice} and the operators on cuda:${facts.crossDevice.operatorDevice}, with peer access: enable it once, and wait for the decode with an event.`
            : `The frame is on cuda:${facts.crossDevice.frameDevice} and the operators on cuda:${facts.crossDevice.operatorDevice}, without peer access: copy the frame over once, after the decode, then wrap the copy.`,
      detail: null,
    },
  ];
}
