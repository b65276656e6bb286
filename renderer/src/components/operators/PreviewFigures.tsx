/** The figures of a preview: GPU time per step, bytes downloaded against the frame, distance from the reference. */
import { PSNR_PASS_DB } from '../../../../contract/preview';
import type { PreviewResult } from '../../../../contract/show';
import { Badge } from '../common/Badge';
import { bytesText, formatMs, psnrVerdict } from './figures';
import { Value } from '../common/Value';

/** Props of PreviewFigures. */
export interface PreviewFiguresProps {
  preview: PreviewResult;
}

/** The figures. */
export function PreviewFigures({ preview }: PreviewFiguresProps) {
  const { timings } = preview;
  const verdict = psnrVerdict(preview);
  return (
    <div className="op-figures" data-testid="operator-figures">
      <div className="op-verdict">
        <Badge tone={verdict.tone} text={verdict.text} testId="operator-psnr-badge" />
        <span className="muted">
          {preview.psnr === null
            ? `${preview.op} changes the picture; swscale has no equivalent to compare with`
            : `PSNR against the CPU reference; passes at ${PSNR_PASS_DB} dB or more`}
        </span>
      </div>
      <dl className="facts">
        <Value
          label="GPU time"
          testId="operator-timings"
          value={`convert ${formatMs(timings.convertMs)} · operator ${formatMs(timings.opMs)} · resize ${formatMs(timings.resizeMs)} · download ${formatMs(timings.downloadMs)}`}
          copy={false}
        />
        <Value label="GPU total" testId="operator-total-ms" value={formatMs(timings.totalMs)} copy={false} />
        <Value
          label="downloaded"
          testId="operator-bytes"
          value={bytesText(preview.bytesDownloaded, preview.frameBytes)}
          copy={false}
        />
        <Value
          label="PSNR"
          testId="operator-psnr"
          value={preview.psnr === null ? '—' : `${preview.psnr.toFixed(2)} dB`}
          copy={false}
        />
        <Value
          label="max |err|"
          testId="operator-max-error"
          value={preview.maxAbsError === null ? '—' : String(preview.maxAbsError)}
          copy={false}
        />
        <Value
          label="mean |err|"
          testId="operator-mean-error"
          value={preview.meanAbsError === null ? '—' : preview.meanAbsError.toFixed(2)}
          copy={false}
        />
        <Value label="converter" testId="operator-converter" value={preview.converter || '—'} />
      </dl>
    </div>
  );
}
