/** Share: save the session as a capture (visited frames or a list), export a panel as PNG or the report as JSON. */
import { useState, type FormEvent, type Ref } from 'react';
import { MEMORY_SAMPLE_KINDS, type CaptureFrames } from '../../../../contract/capture';
import type { SaveCaptureResult } from '../../../../contract/contract';
import { formatFrameList } from '../../../../wording/frame-list';
import { formatBytes } from '../../format';
import { EXPORTABLE_PANELS, framesFromText } from './share-options';
import './share.css';

/** One kind of memory sample. */
type MemoryKind = (typeof MEMORY_SAMPLE_KINDS)[number];

/** The words for each kind of memory sample a capture can keep. */
const MEMORY_WORDS: Record<MemoryKind, string> = {
  'first-rows': "each plane's first rows",
  boundary: "the rows around each plane's end (hidden rows, the next plane's start)",
  probe: 'a band of rows for the probe',
};

/** Props of SharePanel. */
export interface SharePanelProps {
  /** The capture's default name, e.g. "sample.zci". */
  defaultName: string;
  /** Frames visited so far in this session (what a capture holds by default). */
  visitedHint: string;
  saving: boolean;
  lastSaved: SaveCaptureResult | null;
  /** Asks where to save (Electron's dialog); absent in serve mode, where a path on the server is typed. */
  chooseSavePath: (() => Promise<string | null>) | null;
  hasReport: boolean;
  /** The probe's pinned pixel in the first plane's coordinates, where one is pinned: the probe band goes around it. */
  probePixel: { x: number; y: number } | null;
  onSave(path: string, frames: CaptureFrames | undefined, memory: { kinds: MemoryKind[] }): void;
  onExportPanel(testId: string): void;
  onExportReport(): void;
  onClose(): void;
  /** The popover's element, for closing it on a click outside (common/use-popover). */
  panelRef?: Ref<HTMLDivElement>;
}

/** The popover. */
export function SharePanel({ panelRef, ...props }: SharePanelProps) {
  const [path, setPath] = useState(props.defaultName);
  const [framesText, setFramesText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [kinds, setKinds] = useState<MemoryKind[]>([...MEMORY_SAMPLE_KINDS]);
  const save = async (event?: FormEvent): Promise<void> => {
    event?.preventDefault();
    let frames: CaptureFrames | undefined;
    try {
      frames = framesFromText(framesText);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      return;
    }
    setProblem(null);
    const target = props.chooseSavePath !== null ? await props.chooseSavePath() : path.trim();
    if (target !== null && target !== '') props.onSave(target, frames, { kinds });
  };
  return (
    <div
      className="popover share"
      data-testid="share-panel"
      role="dialog"
      aria-label="Capture and export"
      ref={panelRef}
    >
      <h3>Save a capture</h3>
      <p className="muted">
        One .zci file with the reports, plane thumbnails and environment; it opens on any machine, GPU or not.
      </p>
      <form onSubmit={(event) => void save(event)}>
        {props.chooseSavePath === null ? (
          <label>
            file on the server
            <input
              data-testid="capture-path"
              value={path}
              onChange={(event) => setPath(event.target.value)}
              spellCheck={false}
            />
          </label>
        ) : null}
        <label>
          frames
          <input
            data-testid="capture-frames"
            value={framesText}
            placeholder={`visited: ${props.visitedHint}`}
            onChange={(event) => setFramesText(event.target.value)}
            spellCheck={false}
          />
        </label>
        <fieldset className="capture-memory" data-testid="capture-memory">
          <legend>keep bytes of each frame&apos;s memory (for the probe and the boundary view anywhere)</legend>
          {MEMORY_SAMPLE_KINDS.map((kind) => (
            <label key={kind} className="check">
              <input
                type="checkbox"
                data-testid={`capture-memory-${kind}`}
                checked={kinds.includes(kind)}
                onChange={(event) =>
                  setKinds(MEMORY_SAMPLE_KINDS.filter((k) => (k === kind ? event.target.checked : kinds.includes(k))))
                }
              />
              <span data-testid={`capture-memory-${kind}-words`}>
                {MEMORY_WORDS[kind]}
                {kind === 'probe'
                  ? props.probePixel !== null
                    ? ` around the pinned pixel (${props.probePixel.x}, ${props.probePixel.y})`
                    : ' in the middle (pin a pixel in the probe to choose)'
                  : ''}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" data-testid="capture-save" disabled={props.saving || !props.hasReport}>
          {props.saving ? 'Saving…' : props.chooseSavePath !== null ? 'Save capture…' : 'Save capture'}
        </button>
      </form>
      {problem !== null ? (
        <p className="warn" data-testid="capture-frames-problem">
          {problem}
        </p>
      ) : null}
      {props.lastSaved !== null ? (
        <p className="saved" data-testid="capture-saved">
          Saved {props.lastSaved.frames.length} frames ({formatFrameList(props.lastSaved.frames)}) to{' '}
          <code>{props.lastSaved.path}</code> · {formatBytes(props.lastSaved.bytes)}
        </p>
      ) : null}
      <h3>Export</h3>
      <div className="export-buttons">
        {EXPORTABLE_PANELS.map((panel) => (
          <button
            key={panel.testId}
            type="button"
            data-testid={`export-png-${panel.testId}`}
            disabled={!props.hasReport}
            onClick={() => props.onExportPanel(panel.testId)}
          >
            {panel.label} · PNG
          </button>
        ))}
        <button
          type="button"
          data-testid="export-report-json"
          disabled={!props.hasReport}
          onClick={props.onExportReport}
        >
          Frame report · JSON
        </button>
      </div>
      <button type="button" data-testid="share-close" onClick={props.onClose}>
        Close
      </button>
    </div>
  );
}
