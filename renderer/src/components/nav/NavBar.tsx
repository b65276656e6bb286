/** Frame navigation: step, jump to a frame or a time, the timeline, and where we are. */
import { memo, useId, useRef, useState, type FocusEvent, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import type { FrameReport, StreamInfo } from '../../../../contract/report';
import { formatTime } from '../../format';
import { focusFrameView } from '../common/frame-view-focus';
import { frameLabel, longestFrameLabel } from './frame-words';
import { checkFrame, checkTime, type JumpCheck } from './jump-check';
import { Timeline } from './Timeline';
import { useFrameBarHeight } from './use-frame-bar-height';

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
  /** Long work's progress, in a row of its own under the timeline (absent when nothing runs). */
  status?: ReactNode;
  /** The panel bar, a row of the frame bar so it stays in reach. */
  panels?: ReactNode;
}

interface JumpFieldProps {
  label: string;
  testId: string;
  inputMode: 'numeric' | 'decimal';
  placeholder: string;
  check(text: string): JumpCheck;
  onGo(value: number): void;
}

/**
 * One jump field: its text is selected on focus (a new number replaces the old one), and a value out of range is
 * refused beside it, with no request sent.
 */
function JumpField({ label, testId, inputMode, placeholder, check, onGo }: JumpFieldProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  // A click that focuses the field would drop the selection on mouseup; this keeps it.
  const justFocused = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const result = check(text);
    if (!result.ok) {
      // A refused value keeps the focus, to be corrected.
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    onGo(result.value);
    // Committed: the arrows step from here on, not move the caret.
    focusFrameView(input.current);
  };
  return (
    <form onSubmit={submit} className="jump" noValidate>
      <label>
        {label}{' '}
        <input
          ref={input}
          data-testid={`${testId}-input`}
          inputMode={inputMode}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onFocus={(event: FocusEvent<HTMLInputElement>) => {
            justFocused.current = true;
            event.currentTarget.select();
          }}
          onMouseUp={(event: MouseEvent<HTMLInputElement>) => {
            if (justFocused.current) event.preventDefault();
            justFocused.current = false;
          }}
          onBlur={() => {
            justFocused.current = false;
          }}
          placeholder={placeholder}
          size={7}
          aria-invalid={problem !== null}
          aria-describedby={problem !== null ? problemId : undefined}
        />
      </label>
      {/* Enter in the field does what Go does: the button is for the pointer and stays out of the Tab order. */}
      <button type="submit" data-testid={`go-${testId}`} tabIndex={-1} title="Go (Enter in the field)">
        Go
      </button>
      {problem !== null ? (
        <span className="jump-problem" id={problemId} role="alert" data-testid={`${testId}-problem`}>
          {problem}
        </span>
      ) : null}
    </form>
  );
}

/** The bar. */
export const NavBar = memo(function NavBar({
  info,
  report,
  busy,
  captured = null,
  onStep,
  onFrame,
  onTime,
  status = null,
  panels = null,
}: NavBarProps) {
  const last = Math.max(0, info.frameCount - 1);
  const first = captured?.[0] ?? 0;
  const end = captured?.at(-1) ?? last;
  // Fixed for the clip: the longest label, " · " and the time, " · B · key", and room for the spinner.
  const width = longestFrameLabel(info.frameCount) + 3 + formatTime(info.durationSeconds).length + 10 + 3;
  const backDisabled = report === null || report.frameIndex <= first;
  // Panels that must fit the window under the bar read its height.
  const bar = useRef<HTMLElement>(null);
  useFrameBarHeight(bar);
  return (
    <nav ref={bar} className="navbar" aria-label="Frame navigation">
      {panels}
      <div className="nav-controls">
        <button
          type="button"
          data-testid="step-back"
          onClick={() => onStep(-1)}
          disabled={backDisabled}
          title="Previous frame (←)"
          aria-keyshortcuts="ArrowLeft"
        >
          ◀ −1
        </button>
        <span
          className="frame-indicator"
          data-testid="frame-indicator"
          aria-live="polite"
          style={{ width: `${width}ch` }}
        >
          <span data-testid="frame-label">
            {report === null ? '—' : frameLabel(report.frameIndex, info.frameCount)}
          </span>
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
          // The two step buttons are one Tab stop: from either, ← and → step as the buttons do.
          tabIndex={backDisabled ? 0 : -1}
          title="Next frame (→)"
          aria-keyshortcuts="ArrowRight"
        >
          +1 ▶
        </button>
        <JumpField
          label="frame"
          testId="frame"
          inputMode="numeric"
          placeholder={`0…${last}`}
          check={(text) => checkFrame(text, info.frameCount)}
          onGo={onFrame}
        />
        <JumpField
          label="time (s)"
          testId="time"
          inputMode="decimal"
          placeholder={`0…${info.durationSeconds.toFixed(2)}`}
          check={(text) => checkTime(text, info.durationSeconds)}
          onGo={onTime}
        />
      </div>
      <Timeline
        frameCount={info.frameCount}
        keyFrames={info.keyFrames}
        current={report?.frameIndex ?? null}
        captured={captured}
        onSeek={onFrame}
      />
      {status}
    </nav>
  );
});
