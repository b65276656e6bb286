/** What the decoder panel shows while a capture is open: the machine it was made on, not this one. */
import type { CaptureSummary } from '../../../../contract/capture-summary';
import type { BackendEnvironment } from '../../../../contract/contract';

/** The capture's environment in the shape the decoder panel takes, keeping the live backend's own line. */
export function captureEnvironment(capture: CaptureSummary, live: BackendEnvironment | null): BackendEnvironment {
  return {
    addon: { loaded: true, path: `the capture (${capture.app.name} ${capture.app.version})`, error: null },
    report: capture.environment,
    backend: live?.backend ?? { pid: 0, startedAt: capture.createdAt, node: '?' },
    samplePath: live?.samplePath ?? null,
  };
}
