/**
 * The window's arrangement: the presenter alone, or the page (top bar, settings, banners, frame bar, the frame view's
 * panels, help). The app wires the store to it; this file only places things.
 */
import { useState, type DragEvent } from 'react';
import type { InspectorBridge } from '../../../../contract/bridge';
// Not sorted on purpose: the components' stylesheets are bundled in the order of these imports.
import { ErrorBanner } from '../banners/ErrorBanner';
import { ProgressBar } from '../banners/ProgressBar';
import { AbPanel } from '../ab/AbPanel';
import type { AbSource } from '../../store/source-identity';
import { CapturedOperators } from '../capture/CapturedOperators';
import { FRAME_VIEW_ID } from '../common/frame-view-focus';
import { FrameAnswers } from '../answers/FrameAnswers';
import { CopyCodePanel } from '../copycode/CopyCodePanel';
import { DecoderPanel } from '../decoder/DecoderPanel';
import { LedgerPanel } from '../ledger/LedgerPanel';
import { DecoderAbPanel } from '../decoders/DecoderAbPanel';
import { HelpOverlay } from '../help/HelpOverlay';
import { IdentityPanel } from '../identity/IdentityPanel';
import { LayoutPanel } from '../layout/LayoutPanel';
import { Operators } from '../operators/Operators';
import { MemoryViews } from '../probe/MemoryViews';
import { NavBar } from '../nav/NavBar';
import { PanelBar } from '../nav/PanelBar';
import { usePanelExport } from '../../export/use-panel-export';
import { baseName } from '../../format';
import { PresenterView } from '../presenter/PresenterView';
import { wrongWrapPair } from '../presenter/wrong-wrap';
import { SettingsPanel } from '../settings/SettingsPanel';
import { StatusBanners } from './StatusBanners';
import { TopBar } from './TopBar';
import { Thumbnails } from '../thumbnails/Thumbnails';
import type { AppActions, AppHandlers, AppView, HelpRefs, HoverReset, SettingsPopover } from './app-view';

/** Props of AppLayout. */
export interface AppLayoutProps {
  bridge: InspectorBridge | null;
  view: AppView;
  actions: AppActions;
  on: AppHandlers;
  openDialog: (() => Promise<string | null>) | null;
  settingsPopover: SettingsPopover;
  help: HelpRefs;
  /** The shown frame's panels are dimmed: the next frame is taking a while. */
  stale: boolean;
  /** Long work has gone on long enough to show its progress. */
  longWork: boolean;
  layoutReset: HoverReset;
  environment: AppView['environment'];
  shownName: string | null;
  shownSource: AbSource;
  /** A file dropped on the window. */
  onDropFile(file: File): void;
}

/** The presenter, or the page. */
export function AppLayout({ view: s, actions, on, settingsPopover, ...props }: AppLayoutProps) {
  const { bridge, layoutReset, shownName } = props;
  const [dragging, setDragging] = useState(false);
  const exportPanel = usePanelExport();
  // Long work's progress: a row of the frame bar (or under the top bar before a file is open), never over a control.
  const progress =
    props.longWork && s.progress !== null ? (
      <ProgressBar progress={s.progress} onCancel={() => void actions.cancelWork()} />
    ) : null;

  if (s.presenterOpen && s.report !== null && s.info !== null) {
    return (
      <div className="app" data-testid="app">
        {s.error !== null ? <ErrorBanner error={s.error} onDismiss={actions.dismissError} /> : null}
        <PresenterView
          fileName={s.capture?.source.fileName ?? baseName(s.file ?? '')}
          info={s.info}
          report={s.report}
          thumbnails={s.thumbnails}
          capture={s.capture}
          wrongWrap={wrongWrapPair(s.capturedOperators)}
          busy={s.loadingFrame}
          onStep={on.step}
          onClose={() => actions.togglePresenter(false)}
          onExport={() => void exportPanel('presenter-view')}
        />
      </div>
    );
  }

  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file === undefined) return;
    props.onDropFile(file);
  };

  return (
    <div
      className={`app${dragging ? ' dragging' : ''}`}
      data-testid="app"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <a className="skip-link" href={`#${FRAME_VIEW_ID}`} data-testid="skip-to-frame-view">
        Skip to the frame view
      </a>
      <TopBar
        file={s.file}
        bridge={bridge}
        openDialog={props.openDialog}
        recents={s.recents}
        samplePath={s.environment?.samplePath ?? null}
        opening={s.opening}
        onOpen={on.open}
        canPresent={s.report !== null}
        onPresent={() => actions.togglePresenter(true)}
        theme={s.settings.theme}
        onToggleTheme={() => void actions.toggleTheme()}
        settingsOpen={settingsPopover.open}
        settingsTrigger={settingsPopover.triggerRef}
        onToggleSettings={settingsPopover.toggle}
        helpOpen={s.helpOpen}
        helpTrigger={props.help.triggerRef}
        onHelp={() => actions.toggleHelp(true)}
      />
      {settingsPopover.open ? (
        <SettingsPanel
          panelRef={settingsPopover.panelRef}
          settings={s.settings}
          budgets={s.environment?.budgets ?? null}
          ffmpeg={s.environment?.ffmpeg ?? null}
          ffmpegFixed={bridge === null}
          contextMode={s.contextMode}
          onChange={(patch) => void actions.updateSettings(patch)}
          onContextModeChange={actions.setContextMode}
          chooseLibraryFolder={
            bridge !== null
              ? async () => {
                  if ((await bridge.chooseLibraryFolder()) !== null) await actions.loadSettings();
                }
              : null
          }
          onClose={settingsPopover.close}
        />
      ) : null}
      <StatusBanners
        restart={s.restart}
        onReopen={() => void actions.reopenAfterRestart()}
        onDismissRestart={actions.dismissRestart}
        error={s.error}
        onDismissError={actions.dismissError}
        capture={s.capture}
        onCloseCapture={on.closeFile}
        info={s.info}
        report={s.report}
      />
      {s.info !== null ? (
        <NavBar
          // A new file starts with empty jump fields.
          key={s.file ?? ''}
          info={s.info}
          report={s.report}
          busy={s.loadingFrame}
          captured={s.capture?.frames ?? null}
          onStep={on.step}
          onFrame={on.goToFrame}
          onTime={on.goToTime}
          status={progress}
          panels={s.report !== null ? <PanelBar /> : null}
        />
      ) : progress !== null ? (
        <div className="status-row">{progress}</div>
      ) : null}
      <main
        id={FRAME_VIEW_ID}
        className={`panels${props.stale ? ' stale' : ''}`}
        aria-busy={props.stale}
        aria-label="Frame view"
        tabIndex={-1}
        data-testid="panels"
      >
        {s.report !== null ? (
          <>
            <FrameAnswers report={s.report} />
            <div className="panel-row">
              <IdentityPanel report={s.report} capture={s.capture} />
              <CopyCodePanel report={s.report} />
            </div>
            {/* A step under the pointer starts the drawing afresh: no hover readout of the frame before. */}
            <div
              className="hover-reset"
              onPointerEnter={layoutReset.onPointerEnter}
              onPointerLeave={layoutReset.onPointerLeave}
            >
              <LayoutPanel key={layoutReset.key} report={s.report} codec={s.info?.codec ?? null} />
            </div>
            <MemoryViews report={s.report} thumbnails={s.thumbnails} replay={s.capture !== null} />
            <DecoderAbPanel
              report={s.report}
              result={
                s.decoderCompare !== null && s.decoderCompare.report === s.report ? s.decoderCompare.result : null
              }
              running={s.decoderCompareRunning}
              replay={s.capture !== null}
              onRun={on.compareDecoders}
              onProbe={actions.probeAt}
            />
            <AbPanel
              pinned={s.pinned}
              report={s.report}
              thumbnails={s.thumbnails}
              shownLabel={`${shownName ?? ''} · frame ${s.report.frameIndex} · ${
                s.capture !== null ? `${baseName(s.capture.path)} (${s.capture.gpu})` : s.report.decodePath
              }`}
              shownSource={props.shownSource}
              pinning={s.pinning}
              onPinShown={actions.pinShown}
              onPinCapture={actions.pinFromCapture}
              onClear={actions.clearPin}
            />
          </>
        ) : (
          <section className="panel empty" data-testid="empty-state">
            <h2>{s.opening ? 'Opening…' : 'No video open'}</h2>
            <p className="muted">
              {bridge !== null
                ? 'Open a video, drop one here, or pick a recent file.'
                : 'Type the path of a video on the server, or pick a recent file.'}
            </p>
          </section>
        )}
        <div className="panel-row narrow">
          <DecoderPanel environment={props.environment} info={s.info} report={s.report} />
          <Thumbnails thumbnails={s.thumbnails} />
          {s.report !== null && (s.settings.ledger || s.ledger !== null) ? (
            <LedgerPanel ledger={s.ledger} source={s.capture !== null ? 'capture' : 'live'} />
          ) : null}
        </div>
        <Operators />
        <CapturedOperators operators={s.capturedOperators} />
      </main>
      {s.helpOpen ? <HelpOverlay onClose={() => actions.toggleHelp(false)} panelRef={props.help.panelRef} /> : null}
    </div>
  );
}
