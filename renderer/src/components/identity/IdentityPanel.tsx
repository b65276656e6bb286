/** Pointer identity: FFmpeg's pointer beside NVCV's exported pointer for every plane, and the proof. */
import { memo } from 'react';
import type { CaptureSummary } from '../../../../contract/capture-summary';
import type { DecoderSurface, FrameReport } from '../../../../contract/report';
import {
  DESCRIPTOR_ONLY_WHY,
  HEADLINES,
  PLANE_MATCH_WORDS,
  pointerBadge,
  pointerVerdict,
  strideVerdict,
  verdictWord,
} from '../../../../wording/verdicts';
import { pointerDelta, pointersEqual, strideDifferences, strideShift } from '../../../../contract/plane-identity';
import { sideLabels } from '../../../../wording/sides';
import { groupHex, formatBytes } from '../../format';
import { Badge } from '../common/Badge';
import { toneOf } from '../common/tone';
import { CopyButton } from '../common/CopyButton';
import { Value } from '../common/Value';
import { GlossaryButton } from '../glossary/GlossaryButton';
import { describeNvcvFormat } from '../glossary/nvcv-format';
import { signed } from '../../../../contract/pointer-delta';
import { explainDelta } from '../../../../wording/pointer-words';
import { PlacementRow } from './PlacementRow';
import { PointerHex } from './PointerHex';
import { PanelToggle } from '../common/PanelToggle';
import { Disclosure } from '../common/Disclosure';
import { useGroupStop } from '../common/group-stop';

/** ", N of M rows copied" where FFmpeg's copy took fewer rows of a plane than the plane has. */
function shortCopy(p: { copiedRows?: number | null | undefined; rowsNeeded?: number | null | undefined }): string {
  const copied = p.copiedRows ?? null;
  const needed = p.rowsNeeded ?? null;
  return copied !== null && needed !== null && copied < needed ? `, ${copied} of ${needed} rows copied` : '';
}

/** FFmpeg's plane pointers against where NVDEC wrote the planes of the surface it mapped (the decoder's witness). */
function DecoderSurfaceRow({ surface }: { surface: DecoderSurface }) {
  const shifted = surface.planes.filter((p) => p.verdict === 'shifted');
  const ok =
    shifted.length > 0
      ? false
      : surface.witnessed &&
          surface.planes.length > 0 &&
          surface.planes.every((p) => p.verdict === 'decoder-plane' || p.verdict === 'ffmpeg-copy')
        ? true
        : null;
  const copy = surface.ffmpegCopy === true;
  return (
    <div
      className="value-row"
      data-testid="identity-decoder-surface"
      data-verdict={String(ok)}
      data-ffmpeg-copy={String(copy)}
    >
      <dt>decoder&apos;s surface</dt>
      <dd>
        <Badge tone={toneOf(ok)} text={verdictWord(HEADLINES.decoder, ok)} testId="decoder-surface-badge" />
        <span className="muted" data-testid="decoder-surface-detail">
          {' '}
          {surface.witnessed && surface.pointer !== null
            ? `${copy ? "FFmpeg's copy of the surface NVDEC mapped at" : 'NVDEC mapped'} ${groupHex(surface.pointer)}, pitch ${surface.pitch ?? '?'} B`
            : ''}
          {shifted.length > 0
            ? `; ${shifted
                .map(
                  (p) =>
                    `plane ${p.index}: ${copy ? 'FFmpeg copied from' : 'FFmpeg'} ${(copy ? p.copiedFromOffset : p.ffmpegOffset) ?? '?'} B, NVDEC ${p.decoderOffset ?? '?'} B (${signed(p.deltaBytes ?? 0)} B${p.deltaRows === null ? '' : `, ${signed(p.deltaRows)} row${Math.abs(p.deltaRows) === 1 ? '' : 's'}`})${shortCopy(p)}`,
                )
                .join('; ')}`
            : surface.witnessed
              ? `; ${surface.reason}`
              : surface.reason}
        </span>
      </dd>
    </div>
  );
}

/** Props of IdentityPanel. */
export interface IdentityPanelProps {
  report: FrameReport;
  /** The capture the frame came from, null for a live file: a recorder capture's columns are its recorded objects. */
  capture: CaptureSummary | null;
}

/** The panel. */
export const IdentityPanel = memo(function IdentityPanel({ report, capture }: IdentityPanelProps) {
  const sides = sideLabels(capture, report.frameIndex);
  const overall = pointerVerdict(report);
  const { allocation, aliasing, wrap } = report;
  const badge = pointerBadge(report);
  const strides = strideVerdict(report);
  const formatWords = describeNvcvFormat(wrap.formatName);
  const checks = wrap.formatMatch != null || strides !== null || report.decoderSurface !== undefined;
  // The panel's buttons (collapse, glossary, copy) are one Tab stop; the arrow keys move between them.
  const group = useGroupStop();
  return (
    <section {...group} className="panel identity" data-testid="identity-panel" aria-labelledby="identity-title">
      <header className="panel-head">
        <PanelToggle id="identity" title="Pointer identity" />
        <h2 id="identity-title">Pointer identity</h2>
        <Badge tone={badge.tone} text={badge.text} testId="overall-badge" size="large" />
      </header>
      {wrap.planted != null ? (
        <p className="note bad" data-testid="identity-planted">
          PLANTED FAULT (a test asked for it): {wrap.planted}
        </p>
      ) : null}
      {strides === false ? (
        <p className="note bad" data-testid="identity-stride-fault">
          {HEADLINES.strides.fail}: {strideDifferences(report.planes).join('; ')}
        </p>
      ) : null}
      {badge.tone === 'warn' ? (
        <p className="note" data-testid="identity-descriptor-only">
          {DESCRIPTOR_ONLY_WHY}. <GlossaryButton term="descriptor-only" />
        </p>
      ) : null}
      {overall === null ? (
        <p className="note" data-testid="identity-unchecked">
          {wrap.available ? 'NVCV exported no pointers for this frame.' : `NVCV wrap unavailable: ${wrap.reason}`}
        </p>
      ) : null}
      <table className="pointers">
        <thead>
          <tr>
            <th>plane</th>
            <th data-testid="identity-source-head">{sides.source} data[i]</th>
            <th data-testid="identity-wrapped-head">{sides.wrapped} exported</th>
            <th>pitch / stride</th>
            <th>pointer</th>
          </tr>
        </thead>
        <tbody>
          {report.planes.map((plane) => {
            const delta = pointerDelta(plane);
            const pointer = pointersEqual(plane);
            const stride = strideShift(plane);
            return (
              <tr key={plane.index} data-testid={`plane-row-${plane.index}`}>
                <td>
                  {plane.index} <span className="muted">{plane.name}</span>
                </td>
                <td>
                  <PointerHex
                    value={plane.ffmpegPointer}
                    other={plane.nvcvPointer}
                    testId={`ffmpeg-pointer-${plane.index}`}
                  />
                  <CopyButton
                    value={plane.ffmpegPointer}
                    label={`${sides.source} pointer of plane ${plane.index}`}
                    testId={`copy-ffmpeg-${plane.index}`}
                  />
                </td>
                <td>
                  <PointerHex
                    value={plane.nvcvPointer}
                    other={plane.ffmpegPointer}
                    testId={`nvcv-pointer-${plane.index}`}
                  />
                  {plane.nvcvPointer !== null ? (
                    <CopyButton
                      value={plane.nvcvPointer}
                      label={`${sides.wrapped} pointer of plane ${plane.index}`}
                      testId={`copy-nvcv-${plane.index}`}
                    />
                  ) : null}
                  {delta !== null && delta !== 0n ? (
                    <div className="delta" data-testid={`pointer-delta-${plane.index}`}>
                      off by {signed(delta)} bytes
                      <span className="delta-rows" data-testid={`pointer-delta-rows-${plane.index}`}>
                        {explainDelta(delta, plane.pitch, plane)}
                      </span>
                    </div>
                  ) : null}
                </td>
                <td>
                  <code>
                    {plane.pitch} / {plane.nvcvRowStride ?? '—'}
                  </code>
                  {stride !== null ? (
                    <div className="delta" data-testid={`stride-delta-${plane.index}`}>
                      {stride}
                    </div>
                  ) : null}
                </td>
                <td>
                  <Badge
                    tone={toneOf(pointer)}
                    text={verdictWord(PLANE_MATCH_WORDS, pointer)}
                    testId={`match-badge-${plane.index}`}
                    size="large"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* The checks stay in sight; the facts they rest on wait behind their summary line, so that the panel fits
          one screen under the frame bar. */}
      {checks ? (
        <dl className="facts" data-testid="identity-checks">
          {wrap.formatMatch != null ? (
            <div className="value-row" data-testid="identity-format-check">
              <dt>format check</dt>
              <dd>
                <Badge
                  tone={toneOf(wrap.formatMatch)}
                  text={verdictWord(HEADLINES.format, wrap.formatMatch)}
                  testId="format-badge"
                />
                {wrap.formatMatch ? null : (
                  <span className="muted"> FFmpeg&apos;s frame implies {wrap.expectedFormatCode ?? '?'}</span>
                )}
              </dd>
            </div>
          ) : null}
          {strides !== null ? (
            <div className="value-row" data-testid="identity-stride-check">
              <dt>stride check</dt>
              <dd>
                <Badge tone={toneOf(strides)} text={verdictWord(HEADLINES.strides, strides)} testId="stride-badge" />
              </dd>
            </div>
          ) : null}
          {report.decoderSurface !== undefined ? <DecoderSurfaceRow surface={report.decoderSurface} /> : null}
        </dl>
      ) : null}
      <Disclosure
        id="identity-details"
        className="identity-details"
        summary="Allocation, device, context, placement and NVCV format"
      >
        <dl className="facts" data-testid="identity-facts">
          <Value
            label="allocation"
            testId="allocation-range"
            value={
              allocation.rangeStart === null
                ? '—'
                : `${groupHex(allocation.rangeStart)} + ${formatBytes(allocation.rangeSize)}`
            }
          />
          <Value
            label="memory"
            testId="allocation-memory"
            value={`${allocation.memory} (${allocation.source})`}
            copy={false}
          />
          <Value label="buffer id" testId="buffer-id" value={allocation.bufferId ?? '—'} />
          <Value
            label="device"
            testId="device"
            value={allocation.device === null ? '—' : `cuda:${allocation.device}`}
          />
          <Value label="context" testId="context" value={groupHex(allocation.context)} term="contexts-streams" />
          {report.placement !== undefined ? <PlacementRow placement={report.placement} /> : null}
          <Value
            label="one allocation"
            testId="one-allocation"
            value={allocation.planesInOneAllocation ? 'yes: all planes' : 'no'}
            copy={false}
          />
          {wrap.formatName !== null ? (
            <Value label="NVCV format" testId="identity-nvcv-format" value={wrap.formatName} term="nvcv-format" />
          ) : null}
          {formatWords !== null ? (
            <Value label="in words" testId="nvcv-format-words" value={formatWords.text} copy={false} />
          ) : null}
          {wrap.bufferType !== null ? (
            <Value
              label="buffer type"
              testId="nvcv-buffer-type"
              value={wrap.bufferType}
              copy={false}
              term="strided-buffers"
            />
          ) : null}
        </dl>
      </Disclosure>
      {allocation.error !== null ? <p className="note warn">Pointer attributes: {allocation.error}</p> : null}
      <div className="proof" data-testid="aliasing-proof" data-passed={String(aliasing.ran && aliasing.passed)}>
        <Badge
          tone={aliasing.ran ? toneOf(aliasing.passed) : 'unknown'}
          text={verdictWord(HEADLINES.aliasing, aliasing.ran ? aliasing.passed : null)}
          testId="aliasing-badge"
        />
        {aliasing.ran && !aliasing.restored ? (
          <Badge tone="bad" text={HEADLINES.restored.fail} testId="restore-badge" />
        ) : null}
        <GlossaryButton term="aliasing-proof" />
        <span>
          {aliasing.ran
            ? `wrote ${aliasing.canary} through NVCV, read ${aliasing.readBack} through FFmpeg (${aliasing.method}${aliasing.witness != null ? `, addresses from ${aliasing.witness} inside the proof` : ''}); ${aliasing.restored ? 'restored' : 'NOT restored'}${aliasing.witnessNote != null ? `; ${aliasing.witnessNote}` : ''}`
            : aliasing.reason}
          {aliasing.ran && !aliasing.passed ? (
            <span className="why" data-testid="aliasing-why">
              {' '}
              {aliasing.reason}
            </span>
          ) : null}
        </span>
      </div>
    </section>
  );
});
