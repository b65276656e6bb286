/** The backend's budgets in the settings popover: shown, never edited (no client may raise them). */
import type { BackendEnvironment } from '../../../../contract/contract';
import { BUDGET_ENV } from '../../../../contract/budgets';

const MIB = 1_048_576;

/** Props of BudgetFacts. */
export interface BudgetFactsProps {
  budgets: BackendEnvironment['budgets'] | null;
}

/** The memory budget (and how much is charged now), the pixel budget and the frames held, with who sets them. */
export function BudgetFacts({ budgets }: BudgetFactsProps) {
  if (budgets === null || budgets === undefined)
    return (
      <p className="budget-facts" data-testid="budget-facts">
        The backend&apos;s budgets are not known yet.
      </p>
    );
  return (
    <div className="budget-facts" data-testid="budget-facts">
      <dl>
        <dt>memory budget</dt>
        <dd data-testid="budget-memory">
          {Math.round(budgets.memoryBytes / MIB)} MiB ({Math.round(budgets.memoryUsedBytes / MIB)} MiB charged now)
        </dd>
        <dt>pixel budget (coded size)</dt>
        <dd data-testid="budget-pixels">{(budgets.maxPixels / 1e6).toFixed(1)} megapixels</dd>
        <dt>frames held</dt>
        <dd data-testid="budget-hold">{budgets.holdFrames}</dd>
      </dl>
      <p>
        {budgets.source === 'default'
          ? "Defaults, from this machine's memory. "
          : 'Set where the inspector was started. '}
        Only whoever starts the inspector changes them: serve mode&apos;s --memory-budget, --max-pixels and
        --hold-frames, or {BUDGET_ENV.memoryMiB}, {BUDGET_ENV.maxPixels} and {BUDGET_ENV.holdFrames} in its environment.
      </p>
    </div>
  );
}
