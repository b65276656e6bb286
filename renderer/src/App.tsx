/** The app: header with opening controls, banners, navigation, and the evidence panels. */
import { useContext, useEffect, useMemo, useState, type DragEvent } from 'react';
import type { InspectorBridge } from '../../electron/common/bridge';
import { rpcError } from '../../electron/common/envelope';
import { ErrorBanner } from './components/banners/ErrorBanner';
import { ProgressBar } from './components/banners/ProgressBar';
import { AbPanel } from './components/ab/AbPanel';
import { sourceOf } from './components/ab/source-identity';
import { captureEnvironment } from './components/capture/capture-environment';
import { CapturedOperators } from './components/capture/CapturedOperators';
import { useHoverResetKey } from './components/common/use-hover-reset';
import { FRAME_VIEW_ID } from './components/common/frame-view-focus';
import { useDismiss, usePopover } from './components/common/use-popover';
import { useSettled } from './components/common/use-settled';
import { FrameAnswers } from './components/answers/FrameAnswers';
import { CopyCodePanel } from './components/copycode/CopyCodePanel';
import { DecoderPanel } from './components/decoder/DecoderPanel';
import { LedgerPanel } from './components/ledger/LedgerPanel';
import { DecoderAbPanel } from './components/decoders/DecoderAbPanel';
import { useFrameCommitMeasure } from './frame-timing';
import { HelpOverlay } from './components/help/HelpOverlay';
import { IdentityPanel } from './components/identity/IdentityPanel';
import { LayoutPanel } from './components/layout/LayoutPanel';
import { Operators } from './components/operators/Operators';
import { windowTitle } from './components/nav/frame-words';
import { MemoryViews } from './components/probe/MemoryViews';
import { NavBar } from './components/nav/NavBar';
import { baseName } from './format';
import { PresenterView } from './components/presenter/PresenterView';
import { wrongWrapPair } from './components/presenter/wrong-wrap';
import { SettingsPanel } from './components/settings/SettingsPanel';
import { StatusBanners } from './components/shell/StatusBanners';
import { TopBar } from './components/shell/TopBar';
import { Thumbnails } from './components/thumbnails/Thumbnails';
import { StoreContext, useApp } from './store/context';
import { useShortcuts } from './useShortcuts';
import './app-layout.css';

/** Props of App. */
export interface AppProps {
  bridge: InspectorBridge | null;
}

/** The whole window. */
export function App({ bridge }: AppProps) {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('App needs a StoreContext provider');
  useShortcuts(store);
  const s = useApp((state) => ({
    file: state.file,
    info: state.info,
    report: state.report,
    thumbnails: state.thumbnails,
    ledger: state.ledger,
    environment: state.environment,
    recents: state.recents,
    opening: state.opening,
    loadingFrame: state.loadingFrame,
    error: state.error,
    restart: state.restart,
    progress: state.progress,
    helpOpen: state.helpOpen,
    settings: state.settings,
    contextMode: state.contextMode,
    capture: state.capture,
    capturedOperators: state.capturedOperators,
    presenterOpen: state.presenterOpen,
    pinned: state.pinned,
    decoderCompare: state.decoderCompare,
    decoderCompareRunning: state.decoderCompareRunning,
    pinning: state.pinning,
  }));
  useFrameCommitMeasure(s.report);
  const actions = store.getState();
  // The panels are memoised: handlers made once, so a step re-renders only the panels whose data changed.
  const on = useMemo(() => {
    const act = store.getState();
    return {
      open: (path: string, frame?: number) => void act.openFile(path, frame),
      closeFile: () => void act.closeFile(),
      step: (delta: number) => void act.step(delta),
      goToFrame: (index: number) => void act.goToFrame(index),
      goToTime: (seconds: number) => void act.goToTime(seconds),
      compareDecoders: () => void act.compareDecoders(),
    };
  }, [store]);
  const openDialog = useMemo(() => (bridge !== null ? () => bridge.openFileDialog() : null), [bridge]);
  const [dragging, setDragging] = useState(false);
  const {
    open: settingsOpen,
    close: closeSettings,
    toggle: toggleSettings,
    triggerRef: settingsTrigger,
    panelRef: settingsPanel,
  } = usePopover();
  const { triggerRef: helpTrigger, panelRef: helpPanel } = useDismiss(s.helpOpen, () => actions.toggleHelp(false));
  // Panels of a frame that takes a while to come are dimmed as stale; quick steps do not flicker.
  const stale = useSettled(s.loadingFrame && s.report !== null, 150);
  const longWork = useSettled(s.progress !== null, 150);

  useEffect(() => {
    document.documentElement.dataset.theme = s.settings.theme;
  }, [s.settings.theme]);

  const layoutReset = useHoverResetKey(`${s.file ?? ''}#${s.report?.frameIndex ?? ''}`);

  const shownName = s.file === null ? null : baseName(s.file);
  useEffect(() => {
    document.title = windowTitle(shownName, s.report?.frameIndex ?? null, s.info?.frameCount ?? null);
  }, [shownName, s.report, s.info]);

  const environment = useMemo(
    () => (s.capture !== null ? captureEnvironment(s.capture, s.environment) : s.environment),
    [s.capture, s.environment],
  );

  const shownSource = useMemo(() => sourceOf(s.capture, s.file), [s.capture, s.file]);
  // Long work's progress: a row of the frame bar (or under the top bar before a file is open), never over a control.
  const progress =
    longWork && s.progress !== null ? (
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
        />
      </div>
    );
  }

  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file === undefined) return;
    if (bridge === null) {
      actions.showError(
        rpcError(
          'INVALID_ARGUMENT',
          `Dropped ${file.name}, but in serve mode the browser cannot tell the server where it is.`,
          'Type the path of the file on the server into the path field.',
        ),
      );
      return;
    }
    void actions.openFile(bridge.pathForFile(file));
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
      <TopBar
        file={s.file}
        bridge={bridge}
        openDialog={openDialog}
        recents={s.recents}
        samplePath={s.environment?.samplePath ?? null}
        opening={s.opening}
        onOpen={on.open}
        canPresent={s.report !== null}
        onPresent={() => actions.togglePresenter(true)}
        theme={s.settings.theme}
        onToggleTheme={() => void actions.toggleTheme()}
        settingsOpen={settingsOpen}
        settingsTrigger={settingsTrigger}
        onToggleSettings={toggleSettings}
        helpOpen={s.helpOpen}
        helpTrigger={helpTrigger}
        onHelp={() => actions.toggleHelp(true)}
      />
      {settingsOpen ? (
        <SettingsPanel
          panelRef={settingsPanel}
          settings={s.settings}
          budgets={s.environment?.budgets ?? null}
          ffmpeg={s.environment?.ffmpeg ?? null}
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
          onClose={closeSettings}
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
        />
      ) : progress !== null ? (
        <div className="status-row">{progress}</div>
      ) : null}
      <main
        id={FRAME_VIEW_ID}
        className={`panels${stale ? ' stale' : ''}`}
        aria-busy={stale}
        aria-label="Frame view"
        tabIndex={-1}
        data-testid="panels"
      >
        {s.report !== null ? (
          <>
            <FrameAnswers report={s.report} />
            <div className="panel-row">
              <IdentityPanel report={s.report} />
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
              shownSource={shownSource}
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
          <DecoderPanel environment={environment} info={s.info} report={s.report} />
          <Thumbnails thumbnails={s.thumbnails} />
          {s.report !== null && (s.settings.ledger || s.ledger !== null) ? (
            <LedgerPanel ledger={s.ledger} source={s.capture !== null ? 'capture' : 'live'} />
          ) : null}
        </div>
        <Operators />
        <CapturedOperators operators={s.capturedOperators} />
      </main>
      {s.helpOpen ? <HelpOverlay onClose={() => actions.toggleHelp(false)} panelRef={helpPanel} /> : null}
    </div>
  );
}
