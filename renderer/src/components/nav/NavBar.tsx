/** Frame navigation: step, jump to a frame or a time, the timeline, and where we are. */
import { useState, type FormEvent } from 'react';
import type { FrameReport, StreamInfo } from '../../../../electron/common/report';
import { formatTime } from '../../format';
import { Timeline } from './Timeline';

/** Props of NavBar. */
export interface NavBarProps {
  info: StreamInfo;
  report: FrameReport | null;
  busy: boolean;
  /** The frames a capture holds; stepping moves between them. */
  captured?: readonly number[] | null;
  onStep(delta: number): void;
  onFrame(index: number): void;
  onTime(seconds: number): void;
}

/** The bar. */
export function NavBar({ info, report, busy, captured = null, onStep, onFrame, onTime }: NavBarProps) {
  const [frameText, setFrameText] = useState('');
  const [timeText, setTimeText] = useState('');
  const submitFrame = (event: FormEvent): void => {
    event.preventDefault();
    const value = Number(frameText);
    if (frameText.trim() !== '' && Number.isFinite(value)) onFrame(value);
  };
  const submitTime = (event: FormEvent): void => {
    event.preventDefault();
    const value = Number(timeText);
    if (timeText.trim() !== '' && Number.isFinite(value)) onTime(value);
  };
  const last = Math.max(0, info.frameCount - 1);
  const first = captured?.[0] ?? 0;
  const end = captured?.at(-1) ?? last;
  return (
    <nav className="navbar" aria-label="Frame navigation">
      <div className="nav-controls">
        <button
          type="button"
          data-testid="step-back"
          onClick={() => onStep(-1)}
          disabled={report === null || report.frameIndex <= first}
          title="Previous frame (←)"
        >
          ◀ −1
        </button>
        <span className="frame-indicator" data-testid="frame-indicator" aria-live="polite">
          {report === null ? '—' : `frame ${report.frameIndex} / ${last}`}
          {report !== null ? (
            <span className="muted">
              {' '}
              · {formatTime(report.timeSeconds)} · {report.pictureType}
              {report.keyFrame ? ' · key' : ''}
            </span>
          ) : null}
          {busy ? <span className="spinner" data-testid="frame-busy" aria-label="decoding" /> : null}
        </span>
        <button
          type="button"
          data-testid="step-forward"
          onClick={() => onStep(1)}
          disabled={report === null || report.frameIndex >= end}
          title="Next frame (→)"
        >
          +1 ▶
        </button>
        <form onSubmit={submitFrame} className="jump">
          <label>
            frame{' '}
            <input
              data-testid="frame-input"
              inputMode="numeric"
              value={frameText}
              onChange={(e) => setFrameText(e.target.value)}
              placeholder={`0…${last}`}
              size={7}
            />
          </label>
          <button type="submit" data-testid="go-frame">
            Go
          </button>
        </form>
        <form onSubmit={submitTime} className="jump">
          <label>
            time (s){' '}
            <input
              data-testid="time-input"
              inputMode="decimal"
              value={timeText}
              onChange={(e) => setTimeText(e.target.value)}
              placeholder={`0…${info.durationSeconds.toFixed(2)}`}
              size={7}
            />
          </label>
          <button type="submit" data-testid="go-time">
            Go
          </button>
        </form>
      </div>
      <Timeline
        frameCount={info.frameCount}
        keyFrames={info.keyFrames}
        current={report?.frameIndex ?? null}
        captured={captured}
        onSeek={onFrame}
      />
    </nav>
  );
}
