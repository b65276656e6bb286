/** The error banner: code, message and remedy; dismissible, the app stays usable. */
import type { RpcError } from '../../../../contract/envelope';

/** Props of ErrorBanner. */
export interface ErrorBannerProps {
  error: RpcError;
  onDismiss(): void;
}

/** The banner. */
export function ErrorBanner({ error, onDismiss }: ErrorBannerProps) {
  return (
    <div className="banner banner-error" role="alert" data-testid="error-banner">
      <code className="code" data-testid="error-code">
        {error.code}
      </code>
      <span className="message" data-testid="error-message">
        {error.message}
      </span>
      <span className="remedy" data-testid="error-remedy">
        {error.remedy}
      </span>
      <button type="button" data-testid="error-dismiss" onClick={onDismiss} aria-label="Dismiss error">
        ✕
      </button>
    </div>
  );
}
