/**
 * The memory views rendered for the component tier: the store over a made-up frame whose bytes a rule gives,
 * answered through readMemory's shape (test/support/memory-reads), and the helpers the probe and hex tests share.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { MemoryRegion } from '../../contract/memory';
import type { FrameReport } from '../../contract/report';
import { MemoryViews } from '../../renderer/src/components/probe/MemoryViews';
import { StoreContext } from '../../renderer/src/store/context';
import { createAppStore } from '../../renderer/src/store/store';
import type { RpcApi } from '../../renderer/src/rpc/client';
import { madeUpClient, type ByteRule } from '../support/memory-reads';

/** The host 1080p frame's regions (1080 visible rows, 8 coded, 2 of the pool's) and a value for every byte. */
export const hostRule: ByteRule = (plane, row, byte) => {
  const height = plane === 0 ? 1080 : 540;
  const coded = plane === 0 ? 1088 : 544;
  const region: MemoryRegion = row < height ? 'visible' : row < coded ? 'coded-not-displayed' : 'allocator-padding';
  return { value: (plane * 101 + row * 7 + byte * 3) & 0xff, region };
};

/** Renders the memory views over a report and a rule; the store and what readMemory was asked. */
export function renderViews(report: FrameReport, rule: ByteRule = hostRule) {
  const { client, asked } = madeUpClient(() => report, rule);
  const store = createAppStore(client as unknown as RpcApi);
  store.setState({ report });
  render(
    <StoreContext.Provider value={store}>
      <MemoryViews report={report} thumbnails={[]} replay={false} />
    </StoreContext.Provider>,
  );
  return { store, asked };
}

/** Types a place into the probe's fields and presses its Probe button (16× about the place). */
export function probeAt(x: number, y: number): void {
  fireEvent.change(screen.getByTestId('probe-x'), { target: { value: String(x) } });
  fireEvent.change(screen.getByTestId('probe-y'), { target: { value: String(y) } });
  fireEvent.click(screen.getByTestId('probe-go'));
}

/** A clipboard that keeps what is written to it (jsdom has none). */
export function fakeClipboard(): { writeText: ReturnType<typeof vi.fn>; last: () => string | undefined } {
  const writeText = vi.fn((_text: string) => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return { writeText, last: () => writeText.mock.calls.at(-1)?.[0] };
}
