/**
 * What the probe says about the pixel under it: place, offset, both addresses, region, raw samples and colour, with
 * a Copy button (the readout as text), Unpin while a pixel is pinned, and Show in hex (the pixel's bytes in the hex
 * view).
 */
import { INSPECTOR_SIDES, type SideLabels } from '../../../../wording/sides';
import { groupHex } from '../../format';
import { useCopy } from '../copycode/use-copy';
import type { PixelReading } from './probe-reading';
import { isPinned, noWrappedWords, readoutText, rgbText, sampleText, sourceBase, wrappedBase } from './readout-text';
import type { RgbSample } from './yuv-rgb';

/** Props of ProbeReadout. */
export interface ProbeReadoutProps {
  reading: PixelReading | null;
  /** The pixel pinned by a click or the keys; the readout follows the pointer while it hovers elsewhere. */
  pin: { x: number; y: number; plane: number } | null;
  /** The pixel's colour, when it is a displayed pixel and its co-sited samples are read. */
  rgb: RgbSample | null;
  /** Why there is no colour, or how the co-sited samples were found. */
  rgbNote: string;
  /** Said in place of the raw samples when they cannot come (a capture that did not keep these rows). */
  rawNote?: string | null;
  /** What the two sides are called: FFmpeg and NVCV, or the objects a recorder capture's frame was handed over as. */
  sides?: SideLabels;
  /** Drops the pin (the Unpin button, shown while a pixel is pinned). */
  onUnpin?: () => void;
  /** Shows the bytes of the pixel read in the hex view. */
  onShowBytes?: (at: { plane: number; x: number; y: number }) => void;
}

/** The readout. */
export function ProbeReadout({
  reading,
  pin,
  rgb,
  rgbNote,
  rawNote = null,
  sides = INSPECTOR_SIDES,
  onUnpin,
  onShowBytes,
}: ProbeReadoutProps) {
  const text = reading !== null ? readoutText({ reading, pin, rgb, rgbNote, rawNote, sides }) : null;
  const { state, copy } = useCopy(text);
  const unpin =
    pin !== null && onUnpin !== undefined ? (
      <button
        type="button"
        data-testid="probe-unpin"
        aria-label={`Unpin the pixel at x ${pin.x}, y ${pin.y} (Escape)`}
        onClick={onUnpin}
      >
        Unpin ✕
      </button>
    ) : null;
  if (reading === null) {
    return (
      <div className="probe-readout-box">
        <p className="probe-readout muted" data-testid="probe-readout">
          Hover the view or click a pixel; arrow keys move the probe while the view has focus.
        </p>
        {unpin}
      </div>
    );
  }
  const { at } = reading;
  const onPin = isPinned({ reading, pin });
  return (
    <div className="probe-readout-box">
      <div className="probe-readout-actions" role="group" aria-label="Readout">
        <button
          type="button"
          data-testid="probe-copy"
          aria-label={`Copy the readout of x ${at.x}, y ${at.y} as text`}
          onClick={copy}
        >
          Copy
        </button>
        {onShowBytes !== undefined ? (
          <button
            type="button"
            data-testid="probe-show-hex"
            aria-label={`Show the bytes of x ${at.x}, y ${at.y} in the hex view`}
            onClick={() => onShowBytes(at)}
          >
            Show in hex
          </button>
        ) : null}
        {unpin}
        <span className="muted probe-copy-state" data-testid="probe-copy-state" role="status">
          {state === 'copied' ? 'copied' : state === 'refused' ? 'the clipboard refused: select the text instead' : ''}
        </span>
      </div>
      <dl className="probe-readout" data-testid="probe-readout" aria-live="polite">
        <dt>pixel</dt>
        <dd data-testid="probe-xy" data-x={at.x} data-y={at.y} data-plane={at.plane} data-pinned={onPin}>
          x {at.x}, y {at.y} · plane {reading.planeName}
          {onPin ? ' · pinned' : ''}
          {pin !== null && !onPin ? (
            <span className="muted" data-testid="probe-pin-note">
              {' '}
              · under the pointer; pinned at x {pin.x}, y {pin.y}, shown again when the pointer leaves
            </span>
          ) : null}
        </dd>
        <dt>offset</dt>
        <dd data-testid="probe-offset" data-offset={reading.offset}>
          row × pitch + x × bytes per pixel = {reading.formula}
        </dd>
        <dt data-testid="probe-source-label">{sides.source}</dt>
        <dd data-testid="probe-ffmpeg-address">
          <code>{groupHex(reading.ffmpegAddress)}</code> = {sourceBase(sides, at.plane, reading.offset)}
        </dd>
        <dt data-testid="probe-wrapped-label">{sides.wrapped}</dt>
        <dd data-testid="probe-nvcv-address">
          {reading.nvcvAddress !== null ? (
            <>
              <code>{groupHex(reading.nvcvAddress)}</code> = {wrappedBase(sides, at.plane, reading.offset)}
            </>
          ) : (
            noWrappedWords(sides)
          )}
        </dd>
        <dt>region</dt>
        <dd data-testid="probe-region" data-region={reading.region}>
          {reading.regionLabel}
        </dd>
        <dt>raw</dt>
        <dd data-testid="probe-raw">
          {reading.samples.length === 0 ? (
            <span className="muted">{rawNote ?? 'reading…'}</span>
          ) : (
            reading.samples.map((sample, i) => (
              <span
                key={sample.component}
                className="probe-sample"
                data-testid={`probe-sample-${i}`}
                data-component={sample.component}
                data-word={sample.word}
                data-value={sample.value}
              >
                {sampleText(sample)}
              </span>
            ))
          )}
        </dd>
        <dt>bits</dt>
        <dd data-testid="probe-bits">{reading.bits}</dd>
        {reading.pair !== null ? (
          <>
            <dt>pair</dt>
            <dd data-testid="probe-pair">interleaved chroma: {reading.pair}</dd>
          </>
        ) : null}
        <dt>RGB</dt>
        <dd data-testid="probe-rgb">
          {rgb !== null ? (
            <>
              <span
                className="probe-swatch"
                style={{ background: `rgb(${rgb.r}, ${rgb.g}, ${rgb.b})` }}
                aria-hidden="true"
              />
              {rgbText({ ...rgb, assumptions: [] }, rgbNote)}
              {rgb.assumptions.length > 0 ? (
                <span className="probe-assumption" data-testid="probe-assumptions">
                  {' '}
                  · {rgb.assumptions.join('; ')}
                </span>
              ) : null}
            </>
          ) : (
            <span className="muted">{rgbNote}</span>
          )}
        </dd>
      </dl>
    </div>
  );
}
