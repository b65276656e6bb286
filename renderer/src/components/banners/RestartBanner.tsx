/** Says the decoder process was restarted and why, and offers to reopen where the user was. */
import type { BackendRestartedEvent } from '../../../../contract/contract';
import { baseName } from '../../format';

/** Props of RestartBanner. */
export interface RestartBannerProps {
  restart: BackendRestartedEvent;
  onReopen(): void;
  onDismiss(): void;
}

/** The banner. */
export function RestartBanner({ restart, onReopen, onDismiss }: RestartBannerProps) {
  const where =
    restart.lastFile === null
      ? null
      : `${baseName(restart.lastFile)}${restart.lastFrame !== null ? ` at frame ${restart.lastFrame}` : ''}`;
  return (
    <div className="banner banner-restart" role="alert" data-testid="restart-banner">
      <span className="message" data-testid="restart-reason">
        {restart.reason[0]?.toUpperCase()}
        {restart.reason.slice(1)}.
      </span>
      {where !== null ? (
        <button type="button" data-testid="reopen-button" onClick={onReopen}>
          Reopen {where}
        </button>
      ) : null}
      <button type="button" data-testid="restart-dismiss" onClick={onDismiss} aria-label="Dismiss">
        ✕
      </button>
    </div>
  );
}
