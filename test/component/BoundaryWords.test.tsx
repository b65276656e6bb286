import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FrameReport } from '../../contract/report';
import { MemoryViews } from '../../renderer/src/components/probe/MemoryViews';
import type { RpcApi } from '../../renderer/src/rpc/client';
import { StoreContext } from '../../renderer/src/store/context';
import { createAppStore } from '../../renderer/src/store/store';
import { recordedGpuReport } from '../support/memory-reports';
import { madeUpClient, type ByteRule } from '../support/memory-reads';
import { paddedNv12Device } from '../support/reports';

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

function setup(report: FrameReport, rule: ByteRule): void {
  const { client } = madeUpClient(() => report, rule);
  const store = createAppStore(client as unknown as RpcApi);
  store.setState({ report });
  render(
    <StoreContext.Provider value={store}>
      <MemoryViews report={report} thumbnails={[]} replay={false} />
    </StoreContext.Provider>,
  );
}

describe('the boundary view prints the unit the samples are in', () => {
  it('prints a Main10 (P010) frame’s rows as 16-bit words, the 10 bits high in each', async () => {
    const report = recordedGpuReport('hevc-main10-1280x720.mp4');
    // Luma 940 and chroma 512 in the high 10 bits of little-endian words: 0xeb00 ("00 eb") and 0x8000 ("00 80").
    const p010: ByteRule = (plane, row, byte) => {
      const word = (plane === 0 ? 940 : 512) << 6;
      return { value: byte % 2 === 0 ? word & 0xff : word >> 8, region: row < 720 ? 'visible' : 'coded-not-displayed' };
    };
    setup(report, p010);
    expect(screen.getByTestId('boundary-unit')).toHaveTextContent('16-bit words, little-endian, as values');
    const hex = screen.getByTestId('boundary-row-0-719-hex');
    await waitFor(() => expect(hex).not.toHaveTextContent('reading'));
    expect(hex).toHaveAttribute('data-unit', 'word');
    // The first 8 bytes are the first 4 words.
    expect(hex.querySelector('.hex-bytes')?.textContent).toBe('eb00 eb00 eb00 eb00');
    const printed = [...hex.querySelectorAll('.hex-bytes')].flatMap((piece) => piece.textContent?.split(' ') ?? []);
    expect(printed.length).toBeGreaterThan(4);
    expect(printed.filter((token) => !/^[0-9a-f]{4}$/.test(token))).toEqual([]);
  });

  it('keeps 8-bit frames in bytes', async () => {
    setup(paddedNv12Device(), (_plane, _row, byte) => ({ value: byte & 0xff, region: 'visible' }));
    expect(screen.getByTestId('boundary-unit')).toHaveTextContent('bytes (│ where the region changes)');
    const hex = screen.getByTestId('boundary-row-0-1079-hex');
    await waitFor(() => expect(hex).not.toHaveTextContent('reading'));
    expect(hex.querySelector('.hex-bytes')?.textContent).toBe('00 01 02 03 04 05 06 07');
  });
});
