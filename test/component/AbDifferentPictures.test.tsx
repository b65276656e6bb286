/** A/B of two different pictures (size or depth) says so first and never calls a thumbnail difference a frame's. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlaneThumbnail } from '../../contract/show';
import type { FrameReport } from '../../contract/report';
import { AbPanel } from '../../renderer/src/components/ab/AbPanel';
import type { AbSource } from '../../renderer/src/store/source-identity';
import { paddedNv12Device } from '../support/reports';

// jsdom has no 2D canvas; the panel then draws nothing, and the words are what is read.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

/** A Y thumbnail of 4×2 whose first `differing` pixels are brighter than the rest. */
function yThumbnail(differing: number): PlaneThumbnail {
  const data = new Uint8Array(8).fill(100);
  data.fill(140, 0, differing);
  return { plane: 0, name: 'Y', width: 4, height: 2, data };
}

function picture(width: number, height: number, bitDepth: number): FrameReport {
  const report = paddedNv12Device();
  return { ...report, format: { ...report.format, width, height, bitDepth } };
}

function source(fileName: string): AbSource {
  return { fileName, path: `/clips/${fileName}`, sha256: null, size: null, notRecorded: null };
}

function show(a: FrameReport, b: FrameReport, differing: number): void {
  render(
    <AbPanel
      pinned={{
        label: 'a.mp4 · frame 0',
        origin: 'frame',
        report: a,
        thumbnails: [yThumbnail(0)],
        capture: null,
        source: source('a.mp4'),
      }}
      report={b}
      thumbnails={[yThumbnail(differing)]}
      shownLabel="b.mp4 · frame 0"
      shownSource={source('b.mp4')}
      pinning={false}
      onPinShown={vi.fn()}
      onPinCapture={vi.fn(async () => true)}
      onClear={vi.fn()}
    />,
  );
}

describe('A/B of different pictures', () => {
  it('says 1080p 8-bit against 720p 10-bit first, and counts thumbnail pixels, not frame pixels', () => {
    show(picture(1920, 1080, 8), picture(1280, 720, 10), 3);
    const note = screen.getByTestId('ab-different-pictures');
    expect(note).toHaveTextContent(
      'different pictures: 1920×1080 8-bit against 1280×720 10-bit: the planes below are compared as thumbnails, not as frames.',
    );
    // Said before the fields and the planes.
    expect(note.compareDocumentPosition(screen.getByTestId('ab-table'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    const words = screen.getByTestId('ab-diff-words-Y');
    expect(words).toHaveTextContent(
      'different pictures: 1920×1080 8-bit against 1280×720 10-bit; compared as thumbnails, 3 thumbnail pixels differ',
    );
    expect(words).toHaveAttribute('data-different-pictures', 'true');
    expect(words).not.toHaveTextContent(/\|A − B\|/);
    expect(words.textContent).not.toMatch(/\d pixels differ/);
    // Cut to a few lines under the picture, the whole of it in the title.
    expect(words).toHaveAttribute('title', words.textContent);
  });

  it('calls a different depth alone a different picture', () => {
    show(picture(1920, 1080, 8), picture(1920, 1080, 10), 0);
    expect(screen.getByTestId('ab-diff-words-Y')).toHaveTextContent(
      'different pictures: 1920×1080 8-bit against 1920×1080 10-bit; compared as thumbnails, the thumbnails are identical',
    );
  });

  it('keeps the frame difference words for two frames of the same size and depth', () => {
    show(picture(1920, 1080, 8), picture(1920, 1080, 8), 3);
    expect(screen.queryByTestId('ab-different-pictures')).toBeNull();
    expect(screen.getByTestId('ab-diff-words-Y')).toHaveTextContent('|A − B| ×4: 3 pixels differ, at most by 40');
  });

  it('fits the window with differences only: the table in its own focusable scroll region; all fields, it grows', async () => {
    show(picture(1920, 1080, 8), picture(1280, 720, 10), 3);
    const panel = screen.getByTestId('ab-panel');
    expect(panel).toHaveAttribute('data-fit', 'true');
    const region = screen.getByRole('region', { name: 'Compared fields' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByTestId('ab-table'));
    await userEvent.click(screen.getByTestId('ab-show-equal'));
    expect(panel).toHaveAttribute('data-fit', 'false');
  });
});
