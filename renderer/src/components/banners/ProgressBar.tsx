/** Long work in the backend (opening, seeking, capturing): a thin bar with what is happening and Cancel. */
import type { ProgressEvent } from '../../../../contract/contract';
import './progress.css';

/** Props of ProgressBar. */
export interface ProgressBarProps {
  progress: ProgressEvent;
  onCancel(): void;
}

/** The bar: as far as the work says it is, or running back and forth when it cannot tell. */
export function ProgressBar({ progress, onCancel }: ProgressBarProps) {
  const percent = progress.fraction === null ? null : Math.round(Math.min(1, Math.max(0, progress.fraction)) * 100);
  return (
    <div className="progress-strip" data-testid="progress-bar" data-stage={progress.stage}>
      <div
        className={`progress-track${percent === null ? ' indeterminate' : ''}`}
        role="progressbar"
        aria-label={progress.message}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        <div className="progress-fill" style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      <span className="progress-message" data-testid="progress-indicator" title={progress.message}>
        {progress.message}
      </span>
      <button type="button" className="progress-cancel" data-testid="progress-cancel" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
