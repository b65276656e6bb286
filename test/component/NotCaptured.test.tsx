/**
 * The memory views over a capture that did not keep every row: the rows it lacks say "not captured", the panel says
 * which rows it kept by plane name in plain text (no red error band), and nothing says "reading…" for ever.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MethodName, ParamsOf, ResultOf } from '../../contract/contract';
import type { CaptureSummary } from '../../contract/capture-summary';
import { rpcError, RpcFailure } from '../../contract/envelope';
import type { ReadMemoryParams } from '../../contract/memory';
import type { FrameReport } from '../../contract/report';
import { MemoryViews } from '../../renderer/src/components/probe/MemoryViews';
import { StoreContext } from '../../renderer/src/store/context';
import { createAppStore } from '../../renderer/src/store/store';
import type { RpcApi } from '../../renderer/src/rpc/client';
/** What a row the capture did not keep says (wording/not-captured.ts). */
const NOT_CAPTURED_ROW = 'not captured';
import { hostYuv420p1080 } from '../support/memory-reports';
import { madeUpRead } from '../support/memory-reads';
import { PYNVVIDEOCODEC_FRAME, recorderSummary, TORCH_TENSOR } from '../support/recorder-summary';

// jsdom has no 2D canvas: the view draws nothing, and the tests read the readout instead.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

/** Rows of a plane a capture kept. */
interface Kept {
  plane: number;
  row: number;
  rows: number;
}

/** A client that answers readMemory as a replayed capture does: from the rows it kept, and otherwise with the
 * backend's MEMORY_NOT_CAPTURED, naming the rows asked and the rows it holds. */
function capturedClient(report: FrameReport, kept: Kept[]) {
  const rule = (plane: number, row: number, byte: number) => ({
    value: (plane + row + byte) & 0xff,
    region: 'visible' as const,
  });
  return {
    call: <M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> => {
      const { index, range } = params as ReadMemoryParams;
      if (method !== 'readMemory' || !('plane' in range)) return Promise.reject(new Error(`not asked: ${method}`));
      const inside = kept.some(
        (k) => k.plane === range.plane && range.row >= k.row && range.row + range.rows <= k.row + k.rows,
      );
      if (inside)
        return Promise.resolve(madeUpRead(report, params as ReadMemoryParams, rule, 0) as unknown as ResultOf<M>);
      const held = kept.map((k) => `plane ${k.plane} rows ${k.row}–${k.row + k.rows - 1}`);
      const message =
        `The capture holds no bytes for rows ${range.row}–${range.row + range.rows - 1} of plane ${range.plane} of frame ${index}` +
        `${held.length > 0 ? `; it holds ${held.join(', ')}` : '; it holds none of this frame'}.`;
      return Promise.reject(new RpcFailure(rpcError('MEMORY_NOT_CAPTURED', message)));
    },
    on: () => () => undefined,
  };
}

function setup(kept: Kept[], capture: CaptureSummary | null = null) {
  const report = hostYuv420p1080();
  const store = createAppStore(capturedClient(report, kept) as unknown as RpcApi);
  store.setState({ report, capture });
  render(
    <StoreContext.Provider value={store}>
      <MemoryViews report={report} thumbnails={[]} replay={true} />
    </StoreContext.Provider>,
  );
}

function probeAt(x: number, y: number): void {
  fireEvent.change(screen.getByTestId('probe-x'), { target: { value: String(x) } });
  fireEvent.change(screen.getByTestId('probe-y'), { target: { value: String(y) } });
  fireEvent.click(screen.getByTestId('probe-go'));
}

describe('a capture that kept some rows', () => {
  it('marks the boundary rows it lacks "not captured" and lists the rows it kept, in neutral words', async () => {
    setup([
      { plane: 0, row: 0, rows: 2 },
      { plane: 1, row: 0, rows: 2 },
    ]);
    const row = () => screen.getByTestId('boundary-row-0-1084-hex');
    await waitFor(() => expect(row()).toHaveTextContent(NOT_CAPTURED_ROW));
    expect(screen.getByTestId('boundary-row-0-1084')).toHaveAttribute('data-missing', 'true');
    expect(screen.getByTestId('boundary-not-captured')).toHaveTextContent(
      'Not in this capture (kept: Y rows 0–1; U rows 0–1)',
    );
    expect(screen.queryByTestId('boundary-error')).toBeNull();
    expect(screen.queryByTestId('probe-error')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('boundary-panel')).not.toHaveTextContent('MEMORY_NOT_CAPTURED');
    expect(screen.getByTestId('boundary-panel')).not.toHaveTextContent('reading…');
  });

  it('reads a pixel it kept and says "not captured" for one it did not, never "reading…"', async () => {
    setup([{ plane: 0, row: 0, rows: 2 }]);
    probeAt(5, 0);
    await waitFor(() => expect(screen.getByTestId('probe-sample-0')).toBeInTheDocument());
    probeAt(5, 500);
    await waitFor(() => expect(screen.getByTestId('probe-raw')).toHaveTextContent(NOT_CAPTURED_ROW));
    expect(screen.getByTestId('probe-not-captured')).toHaveTextContent('Not in this capture (kept: Y rows 0–1)');
    expect(screen.queryByTestId('probe-error')).toBeNull();
  });
});

describe('a capture that kept no bytes of the frame', () => {
  it('says so once, in plain words, and every row says "not captured"', async () => {
    setup([]);
    await waitFor(() => expect(screen.getByTestId('boundary-row-0-1079-hex')).toHaveTextContent(NOT_CAPTURED_ROW));
    expect(screen.getByTestId('boundary-not-captured')).toHaveTextContent(
      "Not in this capture (it kept no bytes of this frame's memory).",
    );
    await waitFor(() => expect(screen.getByTestId('boundary-panel')).not.toHaveTextContent('reading…'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the probe’s sides in a recorder capture', () => {
  it('are the recorded objects, not FFmpeg and NVCV', async () => {
    setup([{ plane: 0, row: 0, rows: 2 }], recorderSummary([{ source: PYNVVIDEOCODEC_FRAME, wrapped: TORCH_TENSOR }]));
    probeAt(5, 0);
    await waitFor(() => expect(screen.getByTestId('probe-sample-0')).toBeInTheDocument());
    expect(screen.getByTestId('probe-source-label')).toHaveTextContent('PyNvVideoCodec frame');
    expect(screen.getByTestId('probe-wrapped-label')).toHaveTextContent('torch tensor');
    expect(screen.getByTestId('probe-readout')).not.toHaveTextContent(/FFmpeg|NVCV/);
  });
});
