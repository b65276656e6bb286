/** The labels of a frame's two sides: the inspector's FFmpeg and NVCV, or the objects a recorder capture names. */
import { describe, expect, it } from 'vitest';
import { INSPECTOR_SIDES, sideLabels, UNNAMED_SIDES } from '../../wording/sides';
import { captureSummary } from '../support/capture-summary';
import { NVCV_IMAGE, PYNVVIDEOCODEC_FRAME, recorderSummary, TORCH_TENSOR } from '../support/recorder-summary';

describe('the sides of a frame', () => {
  it('are FFmpeg and NVCV for a file open live and for a capture the inspector made', () => {
    expect(sideLabels(null)).toEqual(INSPECTOR_SIDES);
    expect(sideLabels(captureSummary(), 3)).toEqual({ source: 'FFmpeg', wrapped: 'NVCV', decoder: null });
  });

  it('are the recorded objects for a recorder capture: a PyNvVideoCodec frame against a torch tensor', () => {
    const capture = recorderSummary([{ source: PYNVVIDEOCODEC_FRAME, wrapped: TORCH_TENSOR }]);
    const sides = sideLabels(capture, 0);
    expect(sides).toMatchObject({ source: 'PyNvVideoCodec frame', wrapped: 'torch tensor' });
    // The recorder sees memory, not a decoder: no column may say FFmpeg, NVCV or NVDEC.
    expect(JSON.stringify(sides)).not.toMatch(/FFmpeg|NVCV|NVDEC/);
    expect(sides.decoder).toContain('decoded in your process');
  });

  it('follows the frame asked for, and the first frame where none is named', () => {
    const capture = recorderSummary([
      { source: PYNVVIDEOCODEC_FRAME, wrapped: NVCV_IMAGE },
      {
        source: { kind: 'dlpack', described: 'cupy.ndarray (1620, 1920) 1-byte items on device 0' },
        wrapped: TORCH_TENSOR,
      },
    ]);
    expect(sideLabels(capture, 1)).toMatchObject({ source: 'CuPy array', wrapped: 'torch tensor' });
    expect(sideLabels(capture)).toMatchObject({ source: 'PyNvVideoCodec frame', wrapped: 'nvcv.Image' });
  });

  it('tells two objects of one kind apart by role, and says "wrapped object" where none was handed over', () => {
    const twice = recorderSummary([{ source: TORCH_TENSOR, wrapped: TORCH_TENSOR }]);
    expect(sideLabels(twice, 0)).toMatchObject({ source: 'source torch tensor', wrapped: 'wrapped torch tensor' });
    const alone = recorderSummary([{ source: { kind: 'avframe', described: '2 plane(s) from C' }, wrapped: null }]);
    expect(sideLabels(alone, 0)).toMatchObject({ source: 'AVFrame', wrapped: UNNAMED_SIDES.wrapped });
  });

  it('falls back to "source / wrapped object" for a recorder capture whose facts name no objects', () => {
    const capture = recorderSummary([{ source: PYNVVIDEOCODEC_FRAME, wrapped: TORCH_TENSOR }]);
    const older = { ...capture, recorded: capture.recorded && { ...capture.recorded, objects: [] } };
    expect(sideLabels(older, 0)).toEqual(UNNAMED_SIDES);
    expect(UNNAMED_SIDES).toMatchObject({ source: 'source', wrapped: 'wrapped object' });
  });
});
