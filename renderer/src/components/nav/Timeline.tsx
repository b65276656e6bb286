/** The timeline: key frames marked, the current frame as a cursor; click to jump. */
import type { MouseEvent } from 'react';
import { frameAt } from './timeline-position';

/** Props of Timeline. */
export interface TimelineProps {
  frameCount: number;
  keyFrames: number[];
  current: number | null;
  /** The frames a capture holds, marked on the bar; absent for a live video. */
  captured?: readonly number[] | null;
  onSeek(frame: number): void;
}

/** The bar. */
export function Timeline({ frameCount, keyFrames, current, captured = null, onSeek }: TimelineProps) {
  const percent = (frame: number): string => `${frameCount <= 1 ? 0 : (frame / (frameCount - 1)) * 100}%`;
  const click = (event: MouseEvent<HTMLDivElement>): void => {
    const box = event.currentTarget.getBoundingClientRect();
    onSeek(frameAt(event.clientX - box.left, box.width, frameCount));
  };
  return (
    <div
      className="timeline"
      data-testid="timeline"
      onClick={click}
      role="slider"
      aria-label="Frame"
      aria-valuemin={0}
      aria-valuemax={Math.max(0, frameCount - 1)}
      aria-valuenow={current ?? 0}
      tabIndex={-1}
    >
      {keyFrames.map((frame) => (
        <span
          key={frame}
          className="keyframe"
          data-testid="keyframe-mark"
          data-frame={frame}
          style={{ left: percent(frame) }}
          title={`key frame ${frame}`}
        />
      ))}
      {(captured ?? []).map((frame) => (
        <span
          key={`captured-${frame}`}
          className="captured"
          data-testid="captured-mark"
          data-frame={frame}
          style={{ left: percent(frame) }}
          title={`captured frame ${frame}`}
        />
      ))}
      {current !== null ? (
        <span className="cursor" data-testid="timeline-cursor" style={{ left: percent(current) }} />
      ) : null}
    </div>
  );
}
