/** The Share button and its popover, wired to the store: save a capture, export a panel or the frame report. */
import { memo, useMemo } from 'react';
import type { InspectorBridge } from '../../../../contract/bridge';
import { downloadJson, fileStem } from '../../export/download';
import { usePanelExport } from '../../export/use-panel-export';
import { useApp } from '../../store/context';
import { usePopover } from '../common/use-popover';
import { SharePanel } from './SharePanel';

/** Props of ShareControl. */
export interface ShareControlProps {
  bridge: InspectorBridge | null;
}

/** The control. */
export const ShareControl = memo(function ShareControl({ bridge }: ShareControlProps) {
  const { open, close, toggle, triggerRef, panelRef } = usePopover();
  const s = useApp((state) => ({
    file: state.file,
    report: state.report,
    capture: state.capture,
    saving: state.saving,
    lastSaved: state.lastSaved,
    saveCapture: state.saveCapture,
    probePin: state.probePin,
  }));
  const stem = fileStem(s.capture?.source.fileName ?? s.file);
  const frameName = `${stem}-frame-${s.report?.frameIndex ?? 0}`;
  // The pinned pixel in the first plane's coordinates (a chroma plane's pixel scaled up by its subsampling).
  const probePixel = useMemo(() => {
    const pin = s.probePin;
    const luma = s.report?.planes[0];
    const plane = s.report?.planes.find((p) => p.index === pin?.plane);
    if (pin === null || luma === undefined || plane === undefined) return null;
    return {
      x: Math.floor((pin.x * luma.width) / Math.max(1, plane.width)),
      y: Math.floor((pin.y * luma.height) / Math.max(1, plane.height)),
    };
  }, [s.probePin, s.report]);

  const exportOne = usePanelExport();
  const exportPanel = async (testId: string): Promise<void> => {
    close();
    // Let the popover leave the screen first: in the window the picture is of what the screen shows.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await exportOne(testId);
  };

  return (
    <>
      <button
        type="button"
        data-testid="share-button"
        ref={triggerRef}
        aria-expanded={open}
        disabled={s.file === null}
        onClick={toggle}
        title="Save a capture, export a panel or the report"
      >
        Share ▾
      </button>
      {open ? (
        <SharePanel
          panelRef={panelRef}
          defaultName={`${stem}.zci`}
          visitedHint="the frames you viewed"
          saving={s.saving}
          lastSaved={s.lastSaved}
          chooseSavePath={bridge !== null ? () => bridge.saveCaptureDialog(`${stem}.zci`) : null}
          hasReport={s.report !== null}
          // In the window the path comes from the system's save dialog, which has already asked before replacing.
          probePixel={probePixel}
          onSave={(path, frames, memory) =>
            void s.saveCapture(path, frames, bridge !== null, {
              kinds: memory.kinds,
              probe: probePixel !== null ? [probePixel] : [],
            })
          }
          onExportPanel={(testId) => void exportPanel(testId)}
          onExportReport={() => s.report !== null && downloadJson(s.report, `${frameName}.json`)}
          onClose={close}
        />
      ) : null}
    </>
  );
});
