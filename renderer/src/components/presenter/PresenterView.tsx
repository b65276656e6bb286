/** Presenter view: full screen for demos, with big verdicts, the layout drawing, and the wrong-wrap pictures. */
import { useEffect } from 'react';
import { signatureWords } from '../../../../contract/capture';
import { captureGpuText, type CaptureSummary } from '../../../../contract/capture-summary';
import type { PlaneThumbnail } from '../../../../contract/show';
import type { FrameReport, StreamInfo } from '../../../../contract/report';
import type { GlossaryTerm } from '../../../../wording/glossary';
import { equalityMark, frameVerdicts, type VerdictKey } from '../../../../wording/verdicts';
import { signatureTone } from '../../../../wording/signature-tone';
import { sideLabels } from '../../../../wording/sides';
import { pointersEqual, stridesEqual } from '../../../../contract/plane-identity';
import type { DecodePath } from '../../../../contract/vocabulary';
import { captureTime, formatTime } from '../../format';
import { Badge } from '../common/Badge';
import { useHoverResetKey } from '../common/use-hover-reset';
import { GlossaryButton } from '../glossary/GlossaryButton';
import { PointerHex } from '../identity/PointerHex';
import { LayoutPanel } from '../layout/LayoutPanel';
import { frameLabel } from '../nav/frame-words';
import { Thumbnails } from '../thumbnails/Thumbnails';
import type { WrongWrapPair } from './wrong-wrap';
import { WrongWrapSlot } from './WrongWrapSlot';
import { HandOverCard } from './HandOverCard';
import './presenter.css';
import './presenter-pointers.css';

/** Props of PresenterView. */
export interface PresenterViewProps {
  fileName: string;
  info: StreamInfo;
  report: FrameReport;
  thumbnails: PlaneThumbnail[];
  capture: CaptureSummary | null;
  wrongWrap: WrongWrapPair | null;
  busy: boolean;
  onStep(delta: number): void;
  onClose(): void;
  /** Exports the view as a PNG with its provenance band; absent, no export button. */
  onExport?: () => void;
}

const PATH_TEXT: Record<DecodePath, string> = {
  nvdec: 'NVDEC',
  software: 'software decode',
  'software-upload': 'software + upload',
  cuvid: 'NVDEC (cuvid)',
};

/** The glossary entry beside each verdict; the pointer verdict's only when it is the descriptor-only one. */
function verdictTerm(key: VerdictKey, tone: string): GlossaryTerm | null {
  if (key === 'pointers') return tone === 'warn' ? 'descriptor-only' : null;
  if (key === 'strides') return 'strided-buffers';
  if (key === 'format') return 'nvcv-format';
  if (key === 'decoder') return 'coded-not-displayed';
  if (key === 'aliasing' || key === 'restored') return 'aliasing-proof';
  return key === 'tensor' ? 'single-tensor' : 'contexts-streams';
}

/** Asks the browser for full screen while mounted; the overlay fills the window either way. */
function useFullscreen(): void {
  useEffect(() => {
    const root = document.documentElement;
    const entered = (document.fullscreenElement ?? null) === null && typeof root.requestFullscreen === 'function';
    if (entered) root.requestFullscreen().catch(() => undefined);
    return () => {
      if ((document.fullscreenElement ?? null) !== null && typeof document.exitFullscreen === 'function')
        void document.exitFullscreen().catch(() => undefined);
    };
  }, []);
}

/** Signature words with each key fingerprint cut to its first two groups (the whole one is in the title). */
const shortKeys = (words: string): string => words.replace(/key ([0-9a-f]{4} [0-9a-f]{4})[0-9a-f ]*/g, 'key $1…');

/** The view. */
export function PresenterView(props: PresenterViewProps) {
  const { fileName, info, report, capture, wrongWrap, busy, onStep, onClose } = props;
  useFullscreen();
  const sides = sideLabels(capture, report.frameIndex);
  const layoutReset = useHoverResetKey(String(report.frameIndex));
  const position = capture === null ? -1 : capture.frames.indexOf(report.frameIndex);
  const where =
    capture === null
      ? frameLabel(report.frameIndex, info.frameCount)
      : `frame ${report.frameIndex} (${position + 1} of ${capture.frames.length} captured)`;
  return (
    <div className="presenter" data-testid="presenter-view" role="dialog" aria-modal="true" aria-label="Presenter view">
      <header className="presenter-head">
        <div>
          <span className="presenter-file">{fileName}</span>
          <span className="presenter-frame" data-testid="presenter-frame">
            {where} · {formatTime(report.timeSeconds)} · {report.pictureType} · {report.format.swFormat}{' '}
            {report.format.width}×{report.format.height} (coded {report.format.codedWidth}×{report.format.codedHeight})
            · {sides.decoder ?? PATH_TEXT[report.decodePath]}
          </span>
        </div>
        {capture !== null ? (
          <span className="presenter-capture" data-testid="presenter-capture">
            CAPTURE · {captureTime(capture.createdAt)} · {capture.machine.hostname} ·{' '}
            {captureGpuText(capture.environment, info.device)} ·{' '}
            <span
              className={`capture-signature capture-signature-${capture.signature.state} capture-signature-${signatureTone(capture.signature)}`}
              data-testid="presenter-signature"
              data-state={capture.signature.state}
              title={`${signatureWords(capture.signature)} (${capture.signature.detail})`}
            >
              {shortKeys(signatureWords(capture.signature))}
            </span>
          </span>
        ) : null}
        {props.onExport !== undefined ? (
          <button
            type="button"
            data-testid="presenter-export"
            onClick={props.onExport}
            title="Save this view as a PNG at 2x"
          >
            PNG
          </button>
        ) : null}
        <button type="button" data-testid="presenter-close" onClick={onClose} title="Leave (Esc)">
          ✕ Esc
        </button>
      </header>
      <div className="presenter-verdicts">
        {frameVerdicts(report).map((verdict) => {
          const term = verdictTerm(verdict.key, verdict.tone);
          return (
            <div key={verdict.key} className="presenter-verdict" data-testid={`presenter-verdict-${verdict.key}`}>
              <Badge
                tone={verdict.tone}
                text={verdict.headline}
                testId={`presenter-badge-${verdict.key}`}
                size="large"
              />
              <span className="why" data-testid={`presenter-why-${verdict.key}`}>
                {verdict.why}
                {term !== null ? <GlossaryButton term={term} /> : null}
              </span>
            </div>
          );
        })}
        <HandOverCard capture={capture} frameIndex={report.frameIndex} />
      </div>
      <div className="presenter-body">
        <div
          className="presenter-layout"
          onPointerEnter={layoutReset.onPointerEnter}
          onPointerLeave={layoutReset.onPointerLeave}
        >
          {/* A step under the pointer starts the drawing afresh: no hover readout of the frame before. */}
          <LayoutPanel key={layoutReset.key} report={report} codec={info.codec} />
        </div>
        <div className="presenter-side">
          <ul className="presenter-pointers" data-testid="presenter-pointers" aria-label="Plane pointers">
            {report.planes.map((plane) => {
              const pointer = equalityMark(pointersEqual(plane));
              const strideEqual = stridesEqual(plane);
              const stride = equalityMark(strideEqual);
              return (
                <li key={plane.index} data-testid={`presenter-pointer-line-${plane.index}`}>
                  <strong>{plane.name}</strong>{' '}
                  <span className="pointer-label">
                    {sides.source} data[{plane.index}]
                  </span>{' '}
                  <PointerHex
                    value={plane.ffmpegPointer}
                    other={plane.nvcvPointer}
                    testId={`presenter-ffmpeg-pointer-${plane.index}`}
                  />{' '}
                  <span aria-label={pointer.label} data-testid={`presenter-pointer-mark-${plane.index}`}>
                    {pointer.mark}
                  </span>{' '}
                  <span className="pointer-label">{sides.wrapped} exported</span>{' '}
                  <PointerHex
                    value={plane.nvcvPointer}
                    other={plane.ffmpegPointer}
                    testId={`presenter-nvcv-pointer-${plane.index}`}
                  />{' '}
                  <span
                    className="stride-pair"
                    data-testid={`presenter-stride-line-${plane.index}`}
                    data-differs={String(strideEqual === false)}
                  >
                    <span className="pointer-label">{sides.source} pitch</span> <code>{plane.pitch} B</code>{' '}
                    <span aria-label={stride.label} data-testid={`presenter-stride-mark-${plane.index}`}>
                      {stride.mark}
                    </span>{' '}
                    <span className="pointer-label">{sides.wrapped} row stride</span>{' '}
                    <code>{plane.nvcvRowStride === null ? '—' : `${plane.nvcvRowStride} B`}</code>
                  </span>
                </li>
              );
            })}
          </ul>
          <WrongWrapSlot pair={wrongWrap} />
          {wrongWrap === null ? <Thumbnails thumbnails={props.thumbnails.slice(0, 2)} /> : null}
        </div>
      </div>
      <footer className="presenter-foot">
        <button type="button" data-testid="presenter-prev" onClick={() => onStep(-1)} disabled={busy}>
          ◀ previous
        </button>
        <span className="muted">
          <kbd>←</kbd>
          <kbd>→</kbd> step · <kbd>Shift</kbd>+arrows 10 · <kbd>Esc</kbd> leave
        </span>
        <button type="button" data-testid="presenter-next" onClick={() => onStep(1)} disabled={busy}>
          next ▶
        </button>
      </footer>
    </div>
  );
}
