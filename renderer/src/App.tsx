/** The app: the store, the shortcuts and the window's bridge wired to the layout (components/shell/AppLayout). */
import { useContext, useEffect, useMemo } from 'react';
import type { InspectorBridge } from '../../contract/bridge';
import { rpcError } from '../../contract/envelope';
import { AppLayout } from './components/shell/AppLayout';
import type { AppView } from './components/shell/app-view';
import { sourceOf } from './store/source-identity';
import { captureEnvironment } from './components/capture/capture-environment';
import { useHoverResetKey } from './components/common/use-hover-reset';
import { useDismiss, usePopover } from './components/common/use-popover';
import { useSettled } from './components/common/use-settled';
import { useFrameCommitMeasure } from './frame-timing';
import { windowTitle } from './components/nav/frame-words';
import { baseName } from './format';
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
  const s = useApp((state): AppView => ({
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
  const settingsPopover = usePopover();
  const help = useDismiss(s.helpOpen, () => actions.toggleHelp(false));
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

  const liveHash = useApp((state) => state.liveHash);
  const shownSource = useMemo(() => sourceOf(s.capture, s.file, liveHash), [s.capture, s.file, liveHash]);

  // A dropped file opens by its path, which only the window's bridge knows.
  const onDropFile = (file: File): void => {
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
    <AppLayout
      bridge={bridge}
      view={s}
      actions={actions}
      on={on}
      openDialog={openDialog}
      settingsPopover={settingsPopover}
      help={help}
      stale={stale}
      longWork={longWork}
      layoutReset={layoutReset}
      environment={environment}
      shownName={shownName}
      shownSource={shownSource}
      onDropFile={onDropFile}
    />
  );
}
