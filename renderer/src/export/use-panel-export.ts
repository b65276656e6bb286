/**
 * Exports one panel (by its data-testid) as a PNG download: the panel's picture, then the provenance band (the file or
 * capture, the frame, FFmpeg's and NVCV's versions, the time). A failure is shown as the app's error.
 */
import { rpcError } from '../../../contract/envelope';
import { useApp } from '../store/context';
import { downloadBlob, fileStem } from './download';
import { panelToPng } from './panel-png';
import { provenanceStamp, stampPng, versionsText } from './provenance-stamp';

/** The export function for this window. */
export function usePanelExport(): (testId: string) => Promise<void> {
  const s = useApp((state) => ({
    file: state.file,
    report: state.report,
    capture: state.capture,
    environment: state.environment,
    showError: state.showError,
  }));
  return async (testId: string): Promise<void> => {
    const element = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
    if (element === null) return;
    const stem = fileStem(s.capture?.source.fileName ?? s.file);
    try {
      // Every picture says where its evidence came from, a capture's signature state included.
      const environment = s.capture !== null ? s.capture.environment : (s.environment?.report ?? null);
      const stamp = provenanceStamp(
        s.capture,
        s.file,
        s.report?.frameIndex ?? null,
        versionsText(environment ?? null, new Date()),
      );
      const { png, scale } = await panelToPng(element);
      downloadBlob(await stampPng(png, stamp, scale), `${stem}-frame-${s.report?.frameIndex ?? 0}-${testId}.png`);
    } catch (error) {
      s.showError(
        rpcError(
          'INTERNAL',
          `Could not make a picture of the panel: ${error instanceof Error ? error.message : String(error)}`,
          'Try again, or take a screenshot.',
        ),
      );
    }
  };
}
