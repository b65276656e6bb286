/** What stands between the top bar and the frame bar: a restart, an error, a capture's banner, warnings, damage, and
 * a recorded frame's stream at hand-over. */
import type { CaptureSummary } from '../../../../contract/capture-summary';
import type { RpcError } from '../../../../contract/envelope';
import type { FrameReport, StreamInfo } from '../../../../contract/report';
import { DamageNotice } from '../banners/DamageNotice';
import { ErrorBanner } from '../banners/ErrorBanner';
import { HandOverNotice } from '../banners/HandOverNotice';
import { RestartBanner, type RestartBannerProps } from '../banners/RestartBanner';
import { CaptureBanner } from '../capture/CaptureBanner';

/** Props of StatusBanners. */
export interface StatusBannersProps {
  restart: RestartBannerProps['restart'] | null;
  onReopen(): void;
  onDismissRestart(): void;
  error: RpcError | null;
  onDismissError(): void;
  capture: CaptureSummary | null;
  onCloseCapture(): void;
  info: StreamInfo | null;
  report: FrameReport | null;
}

/** The banners, each only while it has something to say. */
export function StatusBanners(props: StatusBannersProps) {
  return (
    <>
      {props.restart !== null ? (
        <RestartBanner restart={props.restart} onReopen={props.onReopen} onDismiss={props.onDismissRestart} />
      ) : null}
      {props.error !== null ? <ErrorBanner error={props.error} onDismiss={props.onDismissError} /> : null}
      {props.capture !== null ? <CaptureBanner capture={props.capture} onClose={props.onCloseCapture} /> : null}
      {props.info !== null && props.info.warnings.length > 0 ? (
        <div className="warnings" data-testid="stream-warnings" role="status">
          {props.info.warnings.map((warning) => (
            <div key={warning.code + warning.message}>
              <code>{warning.code}</code> {warning.message}
            </div>
          ))}
        </div>
      ) : null}
      {props.report !== null ? <DamageNotice report={props.report} /> : null}
      {props.report !== null && props.capture !== null ? (
        <HandOverNotice capture={props.capture} frameIndex={props.report.frameIndex} />
      ) : null}
    </>
  );
}
