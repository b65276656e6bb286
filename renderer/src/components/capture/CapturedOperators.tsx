/** Operator previews stored in a capture: each picture with its parameters, GPU time and correctness figures. */
import { memo } from 'react';
import type { CapturedOperatorWire } from '../../../../contract/contract';
import { operatorFigures } from './operator-figures';
import { operatorParams } from './operator-params';
import './capture.css';
import './operator-params.css';
import { PanelToggle } from '../common/PanelToggle';

/** Props of CapturedOperators. */
export interface CapturedOperatorsProps {
  operators: CapturedOperatorWire[];
}

/** The panel; absent when the frame carries no operator previews. */
export const CapturedOperators = memo(function CapturedOperators({ operators }: CapturedOperatorsProps) {
  if (operators.length === 0) return null;
  return (
    <section className="panel captured-ops" data-testid="captured-operators" aria-labelledby="captured-ops-title">
      <header className="panel-head">
        <PanelToggle id="captured-ops" title="Operators (captured)" />
        <h2 id="captured-ops-title">Operators (captured)</h2>
      </header>
      <div className="op-grid">
        {operators.map((op, i) => (
          <figure key={`${op.name}-${i}`} data-testid={`captured-op-${op.name}`}>
            <img src={`data:image/png;base64,${op.png}`} alt={`${op.name} output`} />
            <figcaption>
              <strong>{op.name}</strong>
              {Object.keys(op.params).length > 0 ? (
                <dl className="op-params" data-testid={`captured-op-params-${op.name}`}>
                  {operatorParams(op.params).map((param, j) => (
                    <div key={`${param.name}-${j}`}>
                      <dt>{param.name}</dt> <dd>{param.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <div className="muted">{operatorFigures(op)}</div>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
});
