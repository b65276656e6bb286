/** The decoder A/B leads with what it found: the cause and a way to the decoder's rows, or that none was found. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DecoderAbPanel } from '../../renderer/src/components/decoders/DecoderAbPanel';
import { decoderCompare } from '../support/decoder-compares';
import { paddedNv12Device } from '../support/reports';

const CAUSE = "U identical when read 1 row after FFmpeg's pointer: a plane-offset mistake";

function show(result: ReturnType<typeof decoderCompare>, onProbe = vi.fn()) {
  const report = paddedNv12Device();
  render(
    <DecoderAbPanel report={report} result={result} running={false} replay={false} onRun={vi.fn()} onProbe={onProbe} />,
  );
  return onProbe;
}

describe('the decoder A/B', () => {
  it('says the cause first, before the summary, with Probe it at the named plane’s first difference', async () => {
    const report = paddedNv12Device();
    const onProbe = show(decoderCompare(report.frameIndex, { differ: { U: 480, V: 480 }, cause: CAUSE }));
    const cause = screen.getByTestId('decoder-ab-cause');
    expect(cause).toHaveTextContent(`Cause: ${CAUSE}`);
    expect(cause.compareDocumentPosition(screen.getByTestId('decoder-ab-summary'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await userEvent.click(screen.getByTestId('decoder-ab-cause-probe'));
    // Plane 1 of an NV12 frame holds U; the probe goes where U first differs.
    expect(onProbe).toHaveBeenCalledWith(1, 12, 539);
  });

  it('says that no cause was found, naming the planes that differ, when no explanation holds', () => {
    const report = paddedNv12Device();
    show(decoderCompare(report.frameIndex, { differ: { Y: 7 } }));
    const cause = screen.getByTestId('decoder-ab-cause');
    expect(cause).toHaveAttribute('data-found', 'false');
    expect(cause).toHaveTextContent('Y differ, and no cause was found: none of the 2 explanations tried');
    expect(screen.queryByTestId('decoder-ab-cause-probe')).toBeNull();
  });

  it('does not read as clean when the samples agree and the RGB conversions do not, and counts them', () => {
    const report = paddedNv12Device();
    const rgb = {
      a: { converter: 'the inspector', matrix: 'BT.601' as const, range: 'limited' as const },
      b: { converter: 'swscale', matrix: 'BT.709' as const, range: 'limited' as const },
      width: 1920,
      height: 1080,
      identical: false,
      differing: 123_456,
      maxAbsDiff: 22,
      firstDifference: { x: 1, y: 1, valueA: 10, valueB: 32, channel: 'G' as const },
      explanationsTried: ['BT.709 limited'],
      cause: 'RGB within 2 of B when A is converted as BT.709 limited range: a matrix assumption',
    };
    show(decoderCompare(report.frameIndex, { rgb }));
    expect(screen.getByTestId('decoder-ab-cause')).toHaveTextContent(
      "The samples are identical, but the RGB conversions differ beyond the converters' rounding (2): 123,456 values, at most by 22. Cause: RGB within 2",
    );
    expect(screen.getByTestId('decoder-ab-summary')).toHaveTextContent(
      'RGB differing in 123,456 values beyond rounding',
    );
  });

  it('stays calm when the RGB conversions differ only by the converters rounding', () => {
    const report = paddedNv12Device();
    const rgb = {
      a: { converter: 'the inspector', matrix: 'BT.709' as const, range: 'limited' as const },
      b: { converter: 'swscale', matrix: 'BT.709' as const, range: 'limited' as const },
      width: 1920,
      height: 1080,
      identical: false,
      differing: 1766,
      maxAbsDiff: 2,
      firstDifference: { x: 80, y: 71, valueA: 7, valueB: 6, channel: 'G' as const },
      explanationsTried: [],
      cause: null,
    };
    show(decoderCompare(report.frameIndex, { rgb }));
    expect(screen.queryByTestId('decoder-ab-cause')).toBeNull();
    expect(screen.getByTestId('decoder-ab-summary')).toHaveTextContent("RGB within the converters' rounding (2)");
    expect(screen.getByTestId('decoder-ab-rgb')).toHaveTextContent('1,766 values differ, at most by 2');
  });

  it('says nothing first when samples and RGB agree', () => {
    const report = paddedNv12Device();
    show(decoderCompare(report.frameIndex));
    expect(screen.queryByTestId('decoder-ab-cause')).toBeNull();
  });
});

describe('the decoder A/B of a codec that is not bit-exact', () => {
  it('names a shifted reading found within the tolerance, and stays calm when every plane is within it', () => {
    const report = paddedNv12Device();
    const cause = "U within 8 of B's when read 1 row after FFmpeg's pointer: a plane-offset mistake";
    const shifted = decoderCompare(report.frameIndex, { differ: { U: 480 }, cause });
    const frame = shifted.frames[0]!;
    show({ ...shifted, frames: [{ ...frame, tolerance: 8 }] });
    expect(screen.getByTestId('decoder-ab-cause')).toHaveTextContent(`Cause: ${cause}`);
  });

  it('says every plane is within the tolerance when nothing exceeds it', () => {
    const report = paddedNv12Device();
    const spread = decoderCompare(report.frameIndex, { differ: { Y: 7 } });
    const frame = spread.frames[0]!;
    const planes = frame.planes.map((p) => ({ ...p, maxAbsDiff: Math.min(p.maxAbsDiff, 3) }));
    show({ ...spread, frames: [{ ...frame, tolerance: 8, planes }] });
    const line = screen.getByTestId('decoder-ab-cause');
    expect(line).toHaveAttribute('data-within', 'true');
    expect(line).toHaveTextContent("Every plane is within 8 of B's");
  });
});
