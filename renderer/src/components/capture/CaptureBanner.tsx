/** The capture banner: this is a recording, read-only; where, when and on which GPU it was made, which frames. */
import { memo } from 'react';
import { signatureWords } from '../../../../contract/capture';
import { recordedWords, type CaptureSummary } from '../../../../contract/capture-summary';
import { sourceNotRecorded } from '../../../../wording/capture-source';
import { formatFrameList } from '../../../../wording/frame-list';
import { signatureTone } from '../../../../wording/signature-tone';
import { captureTime, formatBytes } from '../../format';
import './capture.css';

/** Props of CaptureBanner. */
export interface CaptureBannerProps {
  capture: CaptureSummary;
  onClose(): void;
}

/** The banner. */
export const CaptureBanner = memo(function CaptureBanner({ capture, onClose }: CaptureBannerProps) {
  const { machine, source, recorded } = capture;
  const tone = signatureTone(capture.signature);
  const unrecorded = sourceNotRecorded(capture);
  return (
    <div className="banner banner-capture" role="status" data-testid="capture-banner">
      <strong className="capture-tag">CAPTURE · read-only</strong>
      {recorded !== undefined && (
        <span data-testid="capture-recorded" title={`${recorded.recorder.name} ${recorded.recorder.version}`}>
          recorded in your process: <strong>{recordedWords(recorded)}</strong>
          {recorded.labels.length > 0 && (
            <span data-testid="capture-labels">
              {' '}
              · labels {recorded.labels.map((l) => `${l.index}: ${l.label}`).join(', ')}
            </span>
          )}
          {recorded.notTaken.length > 0 && (
            <span data-testid="capture-not-taken" title={recorded.notTaken.map((n) => n.reason).join('\n')}>
              {' '}
              · not recorded: {recorded.notTaken.map((n) => n.fact).join(', ')}
            </span>
          )}
        </span>
      )}
      <span data-testid="capture-when">made {captureTime(capture.createdAt)}</span>
      <span data-testid="capture-where">
        on <strong>{machine.hostname}</strong> ({machine.platform} {machine.arch})
      </span>
      <span data-testid="capture-gpu" title={capture.devices.join('\n')}>
        GPU <strong>{capture.gpu}</strong>
        {capture.devices.length > 1 ? (
          <span data-testid="capture-devices">
            {' '}
            · {capture.devices.length} devices: {capture.devices.join('; ')}
          </span>
        ) : null}
      </span>
      <span data-testid="capture-source" title={`sha256 ${source.sha256}`}>
        {unrecorded === null ? (
          <>
            from {source.fileName} ({formatBytes(source.size)}, sha256 {source.sha256.slice(0, 12)}…)
          </>
        ) : (
          <>source not recorded: {unrecorded}</>
        )}
      </span>
      <span data-testid="capture-frames">
        {capture.frames.length} frame{capture.frames.length === 1 ? '' : 's'}: {formatFrameList(capture.frames)}
      </span>
      <span
        data-testid="capture-signature"
        data-state={capture.signature.state}
        data-tone={tone}
        className={`capture-signature capture-signature-${capture.signature.state} capture-signature-${tone}`}
        title={capture.signature.detail}
      >
        {signatureWords(capture.signature)}
      </span>
      <span className="muted">
        {capture.app.name} {capture.app.version}
      </span>
      <button type="button" data-testid="capture-close" onClick={onClose}>
        Close capture
      </button>
    </div>
  );
});
