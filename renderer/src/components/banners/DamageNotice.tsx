/** The notice over a frame FFmpeg concealed damage in: its pixels are the decoder's guess, not the stream's. */
import { memo } from 'react';
import type { FrameReport } from '../../../../contract/report';

/** Props of DamageNotice. */
export interface DamageNoticeProps {
  report: FrameReport;
}

/** The notice, or nothing for a clean frame (and for captures made before damage was recorded). */
export const DamageNotice = memo(function DamageNotice({ report }: DamageNoticeProps) {
  const damage = report.damage;
  if (damage === undefined || !damage.concealed) return null;
  return (
    <div className="banner banner-damage" role="status" data-testid="frame-damage">
      <code className="code">CONCEALED</code>
      <span className="message">
        Frame {report.frameIndex}: FFmpeg&apos;s decoder met damaged data and concealed it. The pixels are its guess;
        the layout and pointer evidence still hold.
        {damage.flags.length > 0 ? (
          <>
            {' '}
            Flags: <span data-testid="frame-damage-flags">{damage.flags.join(', ')}</span>.
          </>
        ) : null}
      </span>
      {damage.messages.length > 0 ? (
        <ul className="remedy" data-testid="frame-damage-messages">
          {damage.messages.map((message, i) => (
            <li key={i}>
              <code>{message}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
