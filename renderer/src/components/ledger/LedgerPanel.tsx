/**
 * The copy ledger of the frame on screen: every copy and memset the step asked the GPU to do, as CUPTI's activity
 * records saw them, by stage, with the checks a reader makes: nothing between decode and wrap, and the thumbnails'
 * downloads equal to what the inspector says it downloaded.
 */
import { memo } from 'react';
import type { Ledger } from '../../../../contract/ledger';
import { formatBytes } from '../../format';
import { ledgerChecks } from './ledger-checks';
import { LEDGER_SETTING_LABEL, stagePurpose } from './ledger-words';
import './ledger.css';
import { PanelToggle } from '../common/PanelToggle';

/** Props of LedgerPanel. */
export interface LedgerPanelProps {
  ledger: Ledger | null;
  /** Where the ledger came from: this step, or the capture the frame was saved in. */
  source: 'live' | 'capture';
}

function Verdict({ ok, text, testId }: { ok: boolean | null; text: string; testId: string }) {
  const word = ok === null ? 'n/a' : ok ? 'PASS' : 'FAIL';
  return (
    <li data-testid={testId} data-ok={ok === null ? 'unknown' : String(ok)}>
      <span className={`badge ${ok === null ? 'unknown' : ok ? 'ok' : 'bad'}`}>{word}</span> {text}
    </li>
  );
}

/** The panel. */
export const LedgerPanel = memo(function LedgerPanel({ ledger, source }: LedgerPanelProps) {
  return (
    <section className="panel ledger" data-testid="ledger-panel" aria-labelledby="ledger-title">
      <header className="panel-head">
        <PanelToggle id="ledger" title="Copy ledger" />
        <h2 id="ledger-title">Copy ledger</h2>
        <span className="muted" data-testid="ledger-source">
          {source === 'capture' ? 'as captured' : 'this step'} · CUPTI activity records
        </span>
      </header>
      {ledger === null ? (
        <p className="muted" data-testid="ledger-missing">
          No ledger for this frame: {source === 'capture' ? 'the capture holds none' : 'the backend sent none'}.
        </p>
      ) : ledger.reason === 'DISABLED' ? (
        <p data-testid="ledger-reason" data-reason={ledger.reason}>
          {source === 'capture' ? (
            <>
              Switched off when this capture was made: it holds no copies. A capture records them when Settings →{' '}
              <strong>{LEDGER_SETTING_LABEL}</strong> is on (or with <code>capture --ledger</code>).
            </>
          ) : (
            <>
              Switched off: no copy is recorded. Turn on Settings → <strong>{LEDGER_SETTING_LABEL}</strong> to record
              the copies of the next step.
            </>
          )}
        </p>
      ) : ledger.reason !== 'RECORDING' ? (
        <p data-testid="ledger-reason" data-reason={ledger.reason}>
          <code>{ledger.reason}</code> {ledger.message}
        </p>
      ) : (
        <LedgerBody ledger={ledger} />
      )}
    </section>
  );
});

function LedgerBody({ ledger }: { ledger: Ledger }) {
  const checks = ledgerChecks(ledger);
  const total = ledger.records.reduce((sum, r) => sum + r.bytes, 0);
  return (
    <>
      <ul className="ledger-checks">
        <Verdict
          testId="ledger-check-wrap"
          ok={checks.wrapBytes === 0}
          text={
            checks.wrapBytes === 0
              ? `${formatBytes(0)} copied by the wrap into NVCV: the image is FFmpeg's memory itself`
              : `${formatBytes(checks.wrapBytes)} copied by the wrap into NVCV: the image is a copy, not FFmpeg's memory`
          }
        />
        <li data-testid="ledger-check-decode">
          decode: {formatBytes(checks.uploadBytes)} uploaded (FFmpeg&apos;s upload of a software-decoded frame; none for
          NVDEC), {formatBytes(checks.decodeDeviceBytes)} copied on the device by FFmpeg
        </li>
        <Verdict
          testId="ledger-check-thumbnails"
          ok={checks.thumbnailMatches}
          text={`thumbnails downloaded: ${formatBytes(checks.thumbnailBytes)} by the GPU's account, ${formatBytes(ledger.reported.thumbnailBytes)} by the inspector's`}
        />
        <Verdict
          testId="ledger-check-unattributed"
          ok={checks.unattributed === 0}
          text={`${checks.unattributed} cop${checks.unattributed === 1 ? 'y' : 'ies'} issued outside every stage`}
        />
      </ul>
      <table className="ledger-totals" data-testid="ledger-totals">
        <thead>
          <tr>
            <th scope="col">stage</th>
            <th scope="col">kind</th>
            <th scope="col">copies</th>
            <th scope="col">bytes</th>
            <th scope="col">what for</th>
          </tr>
        </thead>
        <tbody>
          {ledger.totals.map((t) => (
            <tr key={`${t.stage}-${t.kind}`} data-testid={`ledger-total-${t.stage}-${t.kind}`}>
              <td>{t.stage}</td>
              <td>
                <code>{t.kind}</code>
              </td>
              <td>{t.count}</td>
              <td>{formatBytes(t.bytes)}</td>
              <td className="ledger-purpose" data-testid={`ledger-purpose-${t.stage}-${t.kind}`}>
                {stagePurpose(t.stage, t.kind)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              this step
            </th>
            <td data-testid="ledger-count">{ledger.records.length}</td>
            <td data-testid="ledger-bytes">{formatBytes(total)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      {ledger.dropped > 0 ? (
        <p className="warn" data-testid="ledger-dropped">
          CUPTI dropped {ledger.dropped} records (its buffers were full): the list is incomplete.
        </p>
      ) : null}
      <details>
        <summary>Every record ({ledger.records.length})</summary>
        <table className="ledger-records" data-testid="ledger-records">
          <thead>
            <tr>
              <th scope="col">stage</th>
              <th scope="col">kind</th>
              <th scope="col">bytes</th>
              <th scope="col">from → to</th>
              <th scope="col">GPU time</th>
            </tr>
          </thead>
          <tbody>
            {ledger.records.map((r) => (
              <tr key={r.correlationId * 64 + r.stream} data-stage={r.stage}>
                <td>{r.stage}</td>
                <td>
                  <code>{r.kind}</code>
                </td>
                <td>{formatBytes(r.bytes)}</td>
                <td>
                  {r.srcKind ?? '—'} → {r.dstKind}
                </td>
                <td>{(r.durationNs / 1000).toFixed(1)} µs</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
