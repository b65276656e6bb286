import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemoryRegion, ReadMemoryParams } from '../../contract/memory';
import type { FrameReport } from '../../contract/report';
import { MemoryViews } from '../../renderer/src/components/probe/MemoryViews';
import { groupHex } from '../../renderer/src/format';
import { StoreContext } from '../../renderer/src/store/context';
import { createAppStore } from '../../renderer/src/store/store';
import type { RpcApi } from '../../renderer/src/rpc/client';
import { hostYuv420p1080, recordedGpuReport } from '../support/memory-reports';
import { madeUpClient, type ByteRule } from '../support/memory-reads';
import { paddedNv12Device } from '../support/reports';

// jsdom has no 2D canvas: the view draws nothing, and the tests read the readout instead.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

/** The host 1080p frame's regions, stated here on their own: 1080 visible rows, 8 coded, 2 of the pool's. */
const hostRule: ByteRule = (plane, row, byte) => {
  const height = plane === 0 ? 1080 : 540;
  const coded = plane === 0 ? 1088 : 544;
  const region: MemoryRegion = row < height ? 'visible' : row < coded ? 'coded-not-displayed' : 'allocator-padding';
  return { value: (plane * 101 + row * 7 + byte * 3) & 0xff, region };
};

function setup(report: FrameReport, rule: ByteRule = hostRule) {
  let current = report;
  const { client, asked } = madeUpClient(() => current, rule);
  const store = createAppStore(client as unknown as RpcApi);
  store.setState({ report });
  const view = render(
    <StoreContext.Provider value={store}>
      <MemoryViews report={report} thumbnails={[]} replay={false} />
    </StoreContext.Provider>,
  );
  const showFrame = (next: FrameReport): void => {
    current = next;
    act(() => store.setState({ report: next }));
    view.rerender(
      <StoreContext.Provider value={store}>
        <MemoryViews report={next} thumbnails={[]} replay={false} />
      </StoreContext.Provider>,
    );
  };
  return { store, asked, showFrame };
}

/** A read of a probe tile (the boundary view reads whole rows, the readout single pixels). */
function isTileRead(params: ReadMemoryParams): boolean {
  return 'plane' in params.range && params.range.byteCount !== undefined && params.range.rows > 1;
}

function probeAt(x: number, y: number): void {
  fireEvent.change(screen.getByTestId('probe-x'), { target: { value: String(x) } });
  fireEvent.change(screen.getByTestId('probe-y'), { target: { value: String(y) } });
  fireEvent.click(screen.getByTestId('probe-go'));
}

describe('the pixel probe', () => {
  it('shows the thumbnail and reads nothing while the view would need more than its budget', () => {
    const { asked } = setup(hostYuv420p1080());
    expect(screen.getByTestId('probe-mode')).toHaveAttribute('data-mode', 'thumbnail');
    expect(screen.getByTestId('probe-mode')).toHaveTextContent(
      'over the budget of one view (196,608 B), so nothing is read',
    );
    expect(asked.filter(isTileRead)).toEqual([]);
  });

  it('probes a hidden row: offset as row × pitch + x × bytes, both addresses, the read’s region and its byte', async () => {
    const { asked } = setup(hostYuv420p1080());
    probeAt(5, 1084);
    await waitFor(() => expect(screen.getByTestId('probe-sample-0')).toBeInTheDocument());
    expect(screen.getByTestId('probe-mode')).toHaveAttribute('data-mode', 'tiles');
    expect(screen.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '16');
    expect(screen.getByTestId('probe-offset')).toHaveTextContent('1084 × 1920 + 5 × 1 = 2081285');
    expect(screen.getByTestId('probe-ffmpeg-address')).toHaveTextContent(
      `${groupHex(`0x${(0x7f0020000040n + 2081285n).toString(16)}`)} = data[0] + 2081285`,
    );
    expect(screen.getByTestId('probe-nvcv-address')).toHaveTextContent('NVCV’s exported plane 0 + 2081285');
    expect(screen.getByTestId('probe-region')).toHaveTextContent('coded but not displayed');
    expect(screen.getByTestId('probe-sample-0')).toHaveAttribute('data-value', String((1084 * 7 + 5 * 3) & 0xff));
    expect(screen.getByTestId('probe-rgb')).toHaveTextContent('not a displayed pixel');
    // Tiles of 64×64 pixels, never the whole plane.
    const tileReads = asked.filter(isTileRead);
    expect(tileReads.length).toBeGreaterThan(0);
    for (const { range } of tileReads) expect('plane' in range ? range.byteCount : Infinity).toBeLessThanOrEqual(64);
    await waitFor(() => expect(screen.getByTestId('probe-frame-bytes')).toBeInTheDocument());
    const read = Number(screen.getByTestId('probe-frame-bytes').textContent?.replace(/\D/g, ''));
    expect(read).toBeLessThan(1920 * 1090);
  });

  it('moves with the arrow keys while the view has focus, without stepping the frame', async () => {
    const { store } = setup(hostYuv420p1080());
    const step = vi.spyOn(store.getState(), 'step');
    probeAt(5, 1084);
    const canvas = screen.getByTestId('probe-canvas');
    canvas.focus();
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    fireEvent.keyDown(canvas, { key: 'ArrowDown' });
    expect(screen.getByTestId('probe-xy')).toHaveAttribute('data-x', '6');
    expect(screen.getByTestId('probe-xy')).toHaveAttribute('data-y', '1085');
    fireEvent.keyDown(canvas, { key: '+' });
    expect(screen.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '32');
    fireEvent.keyDown(canvas, { key: '+' });
    expect(screen.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '64');
    expect(step).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByTestId('probe-sample-0')).toHaveAttribute('data-value', String((1085 * 7 + 6 * 3) & 0xff)),
    );
  });

  it('gives a displayed pixel its colour from the co-sited samples, saying what it assumed', async () => {
    setup(hostYuv420p1080());
    probeAt(10, 20);
    await waitFor(() => expect(screen.getByTestId('probe-rgb')).toHaveTextContent('through BT.709, limited range'));
    expect(screen.getByTestId('probe-rgb')).toHaveTextContent(
      `Y ${(20 * 7 + 10 * 3) & 0xff}, U ${(101 + 10 * 7 + 5 * 3) & 0xff}, V ${(202 + 10 * 7 + 5 * 3) & 0xff}`,
    );
    expect(screen.getByTestId('probe-assumptions')).toHaveTextContent('matrix unknown → BT.709 assumed');
  });

  it('forgets the reads of a frame once another is on screen, and reads that one', async () => {
    const first = hostYuv420p1080();
    const { asked, showFrame, store } = setup(first);
    probeAt(5, 1084);
    await waitFor(() => expect(screen.getByTestId('probe-sample-0')).toBeInTheDocument());
    const before = asked.length;
    showFrame({ ...first, frameIndex: 4 });
    expect(store.getState().memoryStats?.report).not.toBe(store.getState().report);
    expect(screen.getByTestId('probe-bytes')).toHaveTextContent('nothing read for this frame yet');
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
    expect(asked.slice(before).every((p) => p.index === 4)).toBe(true);
  });

  it('reads P010’s interleaved chroma as two 10-bit words in the high bits', async () => {
    const report = recordedGpuReport('hevc-main10-1280x720.mp4');
    // U = 512 and V = 600, each shifted into the high 10 bits of a little-endian word.
    const p010: ByteRule = (plane, row, byte) => {
      const word = plane === 0 ? 940 << 6 : (byte % 4 < 2 ? 512 : 600) << 6;
      return {
        value: byte % 2 === 0 ? word & 0xff : word >> 8,
        region: row < (plane === 0 ? 720 : 360) ? 'visible' : 'coded-not-displayed',
      };
    };
    setup(report, p010);
    fireEvent.click(screen.getByTestId('probe-plane-1'));
    probeAt(3, 2);
    await waitFor(() => expect(screen.getByTestId('probe-sample-1')).toBeInTheDocument());
    expect(screen.getByTestId('probe-offset')).toHaveTextContent('2 × 2560 + 3 × 4 = 5132');
    expect(screen.getByTestId('probe-sample-0')).toHaveAttribute('data-word', '0x8000');
    expect(screen.getByTestId('probe-sample-1')).toHaveAttribute('data-word', '0x9600');
    expect(screen.getByTestId('probe-pair')).toHaveTextContent('U = 512, V = 600');
    expect(screen.getByTestId('probe-bits')).toHaveTextContent('high bits 15…6: value = word >> 6');
  });
});

describe('plane boundaries as bytes', () => {
  it('lists the last visible rows, every hidden row by its kind, and the end of the plane’s own allocation', async () => {
    setup(hostYuv420p1080());
    const table = screen.getByTestId('boundary-0');
    expect(within(table).getByTestId('boundary-row-0-1079')).toHaveAttribute('data-region', 'visible');
    for (let row = 1080; row < 1088; row += 1) {
      expect(within(table).getByTestId(`boundary-row-0-${row}`)).toHaveTextContent('coded but not displayed');
    }
    expect(within(table).getByTestId('boundary-row-0-1088')).toHaveTextContent('allocator padding');
    expect(screen.getByTestId('boundary-end-0')).toHaveTextContent('Y’s allocation ends: 2092800 = 1090 × 1920 + 79 B');
    expect(screen.getByTestId('boundary-end-0')).toHaveTextContent('U lies in a separate allocation');
    await waitFor(() => expect(screen.getByTestId('boundary-row-0-1084-hex')).not.toHaveTextContent('reading'));
    // A 1920-byte row stays readable: its first bytes, its last ones, the count left out between.
    const hex = screen.getByTestId('boundary-row-0-1084-hex');
    const first = [0, 1, 2].map((b) => ((1084 * 7 + b * 3) & 0xff).toString(16).padStart(2, '0')).join(' ');
    expect(hex).toHaveTextContent(first);
    expect(hex).toHaveTextContent('… 1908 B …');
  });

  it('marks the next plane’s first byte with its offset as rows × pitch, and sets padding bytes apart', async () => {
    const nv12: ByteRule = (plane, row, byte) => {
      const region: MemoryRegion =
        byte >= 1920 ? 'right-padding' : plane === 1 ? 'visible' : row < 1080 ? 'visible' : 'coded-not-displayed';
      return { value: byte & 0xff, region };
    };
    setup(paddedNv12Device(), nv12);
    expect(screen.getByTestId('boundary-next-0')).toHaveTextContent('UV starts at byte 2228224 = 1088 × 2048');
    expect(screen.getByTestId('boundary-row-1-0-number')).toHaveTextContent('1088');
    expect(screen.getByTestId('boundary-row-1-0')).toHaveTextContent('UV 0 (first row)');
    await waitFor(() => expect(screen.getByTestId('boundary-row-1-0-hex-first')).toBeInTheDocument());
    expect(screen.getByTestId('boundary-row-1-0-hex-first')).toHaveAttribute(
      'title',
      expect.stringContaining('2228224 = 1088 × 2048'),
    );
    expect(screen.getByTestId('boundary-row-0-1080-hex-edge-1920')).toHaveAttribute(
      'title',
      'byte 1920: coded but not displayed | right padding',
    );
    fireEvent.click(screen.getByTestId('boundary-whole'));
    expect(screen.getByTestId('boundary-row-0-1080-hex')).not.toHaveTextContent('B …');
  });
});
