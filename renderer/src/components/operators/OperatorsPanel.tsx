/** Operators: CV-CUDA on the wrapped frame, its thumbnail beside the CPU reference, its cost and its correctness. */
import { formatCount } from '../../format';
import type { RpcError } from '../../../../contract/envelope';
import type { PreviewResult } from '../../../../contract/show';
import type { OperatorChoice } from '../../store/operators-slice';
import { Badge } from '../common/Badge';
import { operatorLabel } from './catalogue';
import { OperatorPicker } from './OperatorPicker';
import { operatorsState } from './operators-state';
import { PreviewFigures } from './PreviewFigures';
import { referenceWords } from './reference-words';
import { RgbCanvas } from './RgbCanvas';
import { WrongWrap } from './WrongWrap';
import './operators.css';
import { PanelToggle } from '../common/PanelToggle';

/** Props of OperatorsPanel. */
export interface OperatorsPanelProps {
  choice: OperatorChoice;
  /** The last result (the chosen operator's, or the CPU reference alone), or null before the first. */
  preview: PreviewResult | null;
  /** The frame the preview and error belong to. */
  previewFrame: number | null;
  /** Why the chosen operator did not run, or null. */
  error: RpcError | null;
  running: boolean;
  onChoose(patch: Partial<OperatorChoice>): void;
}

function Unavailable({ error }: { error: RpcError }) {
  return (
    <div className="missing op-unavailable" data-testid="operators-unavailable" role="status">
      <strong>
        Operators unavailable: <code data-testid="operators-error-code">{error.code}</code>
      </strong>
      <span className="detail" data-testid="operators-error-message">
        {error.message}
      </span>
      <span className="remedy" data-testid="operators-error-remedy">
        {error.remedy}
      </span>
    </div>
  );
}

/** The panel. */
export function OperatorsPanel({ choice, preview, previewFrame, error, running, onChoose }: OperatorsPanelProps) {
  const state = operatorsState(preview, error);
  const method = preview?.referenceMethod ?? '';
  const words = referenceWords(choice, method);
  return (
    <section
      className="panel operators"
      data-testid="operators-panel"
      data-state={state}
      data-frame={previewFrame ?? ''}
      data-running={running}
      aria-labelledby="operators-title"
      aria-busy={running}
    >
      <header className="panel-head">
        <PanelToggle id="operators" title="Operators" />
        <h2 id="operators-title">
          Operators
          {previewFrame !== null ? (
            <span className="muted op-frame" data-testid="operators-frame">
              {' '}
              · frame {previewFrame}
            </span>
          ) : null}
        </h2>
        {running ? <span className="spinner" aria-label="running" /> : null}
        {state === 'gpu' ? <Badge tone="ok" text="GPU · CV-CUDA" testId="operators-badge" /> : null}
        {state === 'unavailable' ? <Badge tone="bad" text="CPU reference only" testId="operators-badge" /> : null}
      </header>
      <OperatorPicker choice={choice} onChoose={onChoose} />
      {error !== null ? <Unavailable error={error} /> : null}
      {words.forced !== null && state === 'gpu' ? (
        <p className="note muted" data-testid="operator-forced-note" data-differ={words.differ}>
          {words.forced}
        </p>
      ) : null}
      <div className="op-body">
        <div className="op-pictures">
          <figure data-testid="operator-figure">
            {preview?.thumbnail != null ? (
              <RgbCanvas
                image={preview.thumbnail}
                testId="operator-canvas"
                label={`${operatorLabel(preview.op)} on the GPU`}
              />
            ) : (
              <div className="op-placeholder" data-testid="operator-placeholder">
                {error !== null ? `not run: ${error.code}` : 'waiting for the GPU result'}
              </div>
            )}
            <figcaption>
              <strong>{operatorLabel(choice.op)}</strong> · GPU
              {preview?.thumbnail != null ? ` · ${preview.thumbnail.width}×${preview.thumbnail.height}` : ''}
            </figcaption>
          </figure>
          <figure data-testid="reference-figure">
            {preview?.reference != null ? (
              <RgbCanvas image={preview.reference} testId="reference-canvas" label="CPU reference (swscale)" />
            ) : (
              <div className="op-placeholder">no CPU reference</div>
            )}
            <figcaption>
              <strong>CPU reference</strong>
              {preview !== null && preview.referenceMethod !== '' ? (
                <span data-testid="reference-method"> · {preview.referenceMethod}</span>
              ) : null}
              {method !== '' ? (
                <span className="op-reference-matrix" data-testid="reference-matrix" data-differ={words.differ}>
                  uses {words.uses}
                </span>
              ) : null}
            </figcaption>
          </figure>
        </div>
        {preview !== null && preview.gpu ? <PreviewFigures preview={preview} /> : null}
        {preview !== null && !preview.gpu ? (
          <p className="muted op-cpu-note" data-testid="operator-frame-bytes">
            The reference is made on the CPU from the whole {formatCount(preview.frameBytes)}-byte frame; GPU figures
            appear once an operator runs.
          </p>
        ) : null}
      </div>
      {preview !== null && preview.gpu ? (
        <WrongWrap preview={preview} onShowConvert={() => onChoose({ op: 'convert' })} />
      ) : null}
    </section>
  );
}
