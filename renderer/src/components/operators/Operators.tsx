/** The operators panel wired to the store: shown while a frame of a video is on screen. */
import { memo, useContext } from 'react';
import { StoreContext, useApp } from '../../store/context';
import { OperatorsPanel } from './OperatorsPanel';

/** The connected panel; nothing when no frame is shown, or a capture is replayed (its stored previews show). */
export const Operators = memo(function Operators() {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('Operators needs a StoreContext provider');
  const s = useApp((state) => ({
    report: state.report,
    operator: state.operator,
    preview: state.preview,
    previewFor: state.previewFor,
    previewError: state.previewError,
    previewRunning: state.previewRunning,
    replaying: state.capture !== null,
  }));
  if (s.report === null || s.replaying) return null;
  return (
    <OperatorsPanel
      choice={s.operator}
      preview={s.preview}
      previewFrame={s.previewFor?.frameIndex ?? null}
      error={s.previewError}
      running={s.previewRunning || s.previewFor !== s.report}
      onChoose={(patch) => void store.getState().chooseOperator(patch)}
    />
  );
});
