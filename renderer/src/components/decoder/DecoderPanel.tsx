/** Decoder: the decode path and why, contexts, the surface pool, library versions and where they came from. */
import { memo } from 'react';
import type { BackendEnvironment } from '../../../../contract/contract';
import type { DecoderPoolStatus, LibraryStatus } from '../../../../contract/environment';
import { displayWords } from '../../../../wording/display-words';
import { ffmpegWords, nvdecOutputWords } from '../../../../wording/ffmpeg-words';
import { deviceIdentity } from '../../../../wording/placement';
import type { FrameReport, StreamInfo } from '../../../../contract/report';
import type { DecodePath } from '../../../../contract/vocabulary';
import { formatBytes, formatDuration, groupHex } from '../../format';
import { Badge } from '../common/Badge';
import { Value } from '../common/Value';
import { missingPieces } from './missing-pieces';
import { NvdecCapsTable } from './NvdecCapsTable';
import { PanelToggle } from '../common/PanelToggle';

/** Props of DecoderPanel. */
export interface DecoderPanelProps {
  environment: BackendEnvironment | null;
  info: StreamInfo | null;
  report: FrameReport | null;
}

const PATH_TEXT: Record<DecodePath, string> = {
  nvdec: 'NVDEC (GPU)',
  software: 'software (CPU)',
  'software-upload': 'software + upload to CUDA',
  cuvid: "NVDEC through FFmpeg's cuvid decoder (GPU)",
};

function library(status: LibraryStatus): string {
  return status.loaded
    ? `${status.version ?? '?'} from ${status.path ?? '?'}`
    : `not loaded: ${status.error ?? 'unknown reason'}`;
}

// Whether the pool is in use, not its counters: the environment is probed when the backend starts, so they would be
// that moment's.
function decoderPool(pool: DecoderPoolStatus | undefined): string {
  if (pool === undefined) return 'not reported';
  if (!pool.active) return `FFmpeg creates each decoder: ${pool.error ?? 'pool not in use'}`;
  const warm = `kept warm across files and seeks (up to ${formatBytes(pool.budgetBytes)} parked)`;
  // A driver that lacks entry points the pool forwards, or has ones it does not know: say which.
  return pool.driverNote ? `${warm}; the driver's libnvcuvid: ${pool.driverNote}` : warm;
}

/** The panel. */
export const DecoderPanel = memo(function DecoderPanel({ environment, info, report }: DecoderPanelProps) {
  const path = report?.decodePath ?? info?.decodePath ?? null;
  const context = report?.context ?? null;
  const env = environment?.report ?? null;
  return (
    <section className="panel decoder" data-testid="decoder-panel" aria-labelledby="decoder-title">
      <header className="panel-head">
        <PanelToggle id="decoder" title="Decoder" />
        <h2 id="decoder-title">Decoder</h2>
        {path !== null ? (
          <Badge tone={path === 'nvdec' ? 'ok' : 'unknown'} text={PATH_TEXT[path]} testId="decode-path" />
        ) : null}
      </header>
      {environment !== null
        ? missingPieces(environment).map((piece) => (
            <div key={piece.key} className="missing" data-testid={`missing-${piece.key}`} role="status">
              <strong>{piece.title}</strong>
              <span className="detail">{piece.detail}</span>
              <span className="remedy">{piece.remedy}</span>
            </div>
          ))
        : null}
      <dl className="facts">
        {info !== null ? (
          <Value label="why" testId="decode-reason" value={info.decodePathReason || '—'} copy={false} />
        ) : null}
        {info !== null && displayWords(info) !== null ? (
          <Value label="display" testId="stream-display" value={displayWords(info) ?? ''} copy={false} />
        ) : null}
        {info !== null && nvdecOutputWords(info) !== null ? (
          <Value label="NVDEC output" testId="nvdec-output" value={nvdecOutputWords(info) ?? ''} copy={false} />
        ) : null}
        {info !== null ? (
          <Value
            label="stream"
            testId="stream-facts"
            value={`${info.codec} ${info.profile} · ${info.pixelFormat} · ${info.bitDepth}-bit · ${info.frameRate.toFixed(3)} fps`}
            copy={false}
          />
        ) : null}
        {context !== null ? (
          <>
            <Value
              label="contexts"
              term="contexts-streams"
              testId="context-count"
              value={
                context.oneContext === null
                  ? 'unknown'
                  : context.oneContext
                    ? 'one (shared)'
                    : 'two (FFmpeg private + runtime)'
              }
              copy={false}
            />
            <Value label="FFmpeg context" testId="ffmpeg-context" value={groupHex(context.ffmpegContext)} />
            <Value label="runtime context" testId="runtime-context" value={groupHex(context.runtimeContext)} />
            <Value
              label="streams"
              testId="streams"
              value={`FFmpeg ${groupHex(context.ffmpegStream)} · inspector ${groupHex(context.inspectorStream)}`}
              copy={false}
            />
          </>
        ) : null}
        {report !== null ? (
          <>
            <Value
              label="surface pool"
              term="surface-pool"
              testId="pool-size"
              value={
                report.pool.poolSize === null
                  ? 'n/a'
                  : `${report.pool.poolSize} surfaces (+${report.pool.extraReserved} reserved)`
              }
              copy={false}
            />
            <Value
              label="frames held"
              testId="frames-held"
              value={`${report.pool.framesHeld}${report.pool.addressSeenBefore ? ' · address reused' : ''} · ${report.pool.distinctAddresses} distinct addresses`}
              copy={false}
            />
            <Value
              label="timings"
              testId="timings"
              value={`decode ${formatDuration(report.timings.decodeUs)} · wrap ${formatDuration(report.timings.wrapUs)} · export ${formatDuration(report.timings.exportUs)} · evidence ${formatDuration(report.timings.evidenceUs)}`}
              copy={false}
            />
          </>
        ) : null}
      </dl>
      {env !== null ? (
        <dl className="facts versions" data-testid="versions">
          <Value
            label="FFmpeg"
            testId="version-ffmpeg"
            value={`${ffmpegWords(env.ffmpeg)} · avformat ${env.ffmpeg.libavformat} · avutil ${env.ffmpeg.libavutil}`}
            copy={false}
          />
          <Value
            label="CUDA"
            testId="version-cuda"
            value={`runtime ${env.cuda.runtimeVersion} · driver ${env.cuda.driverVersion ?? 'none'} · ${env.cuda.deviceCount} device(s)${env.cuda.devices[0] ? ` · ${env.cuda.devices[0].name}` : ''}`}
            copy={false}
          />
          {env.cuda.devices.map((d) => (
            <Value
              key={d.ordinal}
              label={`cuda:${d.ordinal}`}
              testId={`device-${d.ordinal}`}
              value={deviceIdentity(d, env.cuda.peers ?? [])}
            />
          ))}
          <Value label="NVCV" testId="version-nvcv" value={library(env.nvcv)} copy={false} />
          <Value label="CV-CUDA" testId="version-cvcuda" value={library(env.cvcuda)} copy={false} />
          <Value label="NVDEC decoders" testId="decoder-pool" value={decoderPool(env.decoderPool)} copy={false} />
          <Value
            label="addon"
            testId="version-addon"
            value={`${env.addonVersion} from ${environment?.addon.path ?? '?'}`}
            copy={false}
          />
        </dl>
      ) : null}
      {env?.nvdecCaps !== undefined ? <NvdecCapsTable caps={env.nvdecCaps} /> : null}
      {environment !== null ? (
        <p className="muted backend-line">
          backend process <code data-testid="backend-pid">{environment.backend.pid}</code> · Node{' '}
          {environment.backend.node} · since {environment.backend.startedAt}
        </p>
      ) : null}
    </section>
  );
});
