/** NVDEC's capability table for the GPU in use, as the driver answered it: what decodes on NVDEC, and what does not. */
import { memo } from 'react';
import type { EnvironmentReport, NvdecCapability } from '../../../../contract/environment';

/** "4:2:0 8/10/12-bit" for the supported rows of one codec and chroma format. */
function formatsOf(rows: NvdecCapability[]): string {
  const byChroma = new Map<string, number[]>();
  for (const r of rows) byChroma.set(r.chroma, [...(byChroma.get(r.chroma) ?? []), r.bitDepth]);
  return [...byChroma.entries()].map(([chroma, depths]) => `${chroma} ${depths.join('/')}-bit`).join(', ');
}

/** Props of NvdecCapsTable. */
export interface NvdecCapsTableProps {
  caps: NonNullable<EnvironmentReport['nvdecCaps']>;
}

/** The table: one row per codec, its supported formats and largest picture; codecs NVDEC lacks say so. */
export const NvdecCapsTable = memo(function NvdecCapsTable({ caps }: NvdecCapsTableProps) {
  if (caps.rows.length === 0)
    return (
      <p className="muted" data-testid="nvdec-caps-error">
        NVDEC capabilities not asked: {caps.error ?? 'no answer'}
      </p>
    );
  const codecs = [...new Set(caps.rows.map((r) => r.codec))];
  return (
    <table className="caps-table" data-testid="nvdec-caps">
      <caption>NVDEC on this GPU, as the driver answers (cuvidGetDecoderCaps)</caption>
      <thead>
        <tr>
          <th scope="col">codec</th>
          <th scope="col">decodes</th>
          <th scope="col">largest</th>
        </tr>
      </thead>
      <tbody>
        {codecs.map((codec) => {
          const supported = caps.rows.filter((r) => r.codec === codec && r.supported);
          const largest = supported.reduce<NvdecCapability | null>(
            (best, r) => (best === null || r.maxWidth * r.maxHeight > best.maxWidth * best.maxHeight ? r : best),
            null,
          );
          return (
            <tr key={codec} data-testid={`nvdec-caps-${codec}`} data-supported={String(supported.length > 0)}>
              <th scope="row">{codec}</th>
              <td>
                {supported.length > 0 ? formatsOf(supported) : 'not on this GPU: decoded on the CPU and uploaded'}
              </td>
              <td>{largest !== null ? `${largest.maxWidth}×${largest.maxHeight}` : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
});
