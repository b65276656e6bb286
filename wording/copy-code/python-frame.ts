/**
 * Python lines the CV-CUDA and PyTorch snippets share: a plane described by __cuda_array_interface__, the head of
 * FFmpeg's AVFrame read through ctypes, and frame_planes(), which takes the user's frame and checks it against the
 * inspected one. The inspected frame's facts are expectations only: no device address is written into the code.
 */
import { correctionComment, geometryOf, type Geometry } from './correction';
import { type CodeFacts } from './facts';

/** numpy's typestr for the frame's samples. */
export const typestrOf = (facts: CodeFacts): string => (facts.sampleBytes === 2 ? '<u2' : '|u1');

/** Whether the snippet makes one tensor over several planes, so the planes' distances from plane 0 must hold. */
const spansPlanes = (facts: CodeFacts): boolean => facts.tensor.kind !== 'per-plane';

/** The corrected helpers of a flagged frame FFmpeg handed out as NVDEC's surface: AVFrame's head up to its size, the
 * expected geometry and the measured rows, and frame_planes(frame) that checks them and moves each pointer there. */
function correctedHelperLines(facts: CodeFacts, g: Geometry): string[] {
  return [
    ...cudaPlaneLines(),
    'class AVFrameHead(ctypes.Structure):',
    '    """The first fields of FFmpeg\'s AVFrame (libavutil/frame.h): uint8_t *data[8]; int linesize[8];',
    '    uint8_t **extended_data; int width, height."""',
    '',
    '    _fields_ = [',
    '        ("data", ctypes.c_void_p * 8),',
    '        ("linesize", ctypes.c_int * 8),',
    '        ("extended_data", ctypes.c_void_p),',
    '        ("width", ctypes.c_int),',
    '        ("height", ctypes.c_int),',
    '    ]',
    '',
    '',
    `# The frame inspected (frame ${facts.frameIndex}, ${facts.swFormat} ${facts.width}x${facts.height}, an NVDEC frame). A frame laid out otherwise is`,
    '# refused, not misread: inspect a frame of that stream and copy its code instead.',
    ...correctionComment(g).map((line) => `# ${line}`),
    `DECODER_ROWS = [${g.rows.join(', ')}]  # rows of frame->linesize[i] from frame->data[i] to where NVDEC wrote plane i`,
    `EXPECTED_SIZE = (${g.width}, ${g.height})  # frame->width, frame->height`,
    `EXPECTED_PITCHES = [${g.pitches.join(', ')}]  # frame->linesize[i], bytes`,
    `EXPECTED_OFFSETS = [${g.offsets.join(', ')}]  # frame->data[i] - frame->data[0], bytes: FFmpeg's planes, where the rows are measured from`,
    `# The pixel format (${g.swFormat} in a ${g.hwFormat} frame) lies in the frame's hw_frames_ctx, whose place in AVFrame differs`,
    '# between FFmpeg versions: it is not read here. The C and C++ code check it; here the size, pitches and offsets are.',
    '',
    '',
    'def frame_planes(frame):',
    '    """Device pointers and pitches (bytes) of frame\'s planes where NVDEC wrote them, checked against the',
    '    inspected frame.',
    '',
    '    frame: an AVFrame* as an int (from ctypes or a C extension), or any object with data, linesize, width and',
    '    height laid out as AVFrame\'s (frame->data[i], frame->linesize[i], frame->width, frame->height)."""',
    '    if isinstance(frame, int):',
    '        frame = AVFrameHead.from_address(frame)',
    '    count = len(EXPECTED_PITCHES)',
    '    size = (int(frame.width), int(frame.height))',
    '    pointers = [int(frame.data[i] or 0) for i in range(count)]',
    '    pitches = [int(frame.linesize[i]) for i in range(count)]',
    '    if size != EXPECTED_SIZE:',
    '        raise ValueError(f"a {size[0]}x{size[1]} frame, not the inspected {EXPECTED_SIZE[0]}x{EXPECTED_SIZE[1]}")',
    '    if 0 in pointers:',
    '        raise ValueError(f"plane pointers {pointers}: a plane is missing")',
    '    if pitches != EXPECTED_PITCHES:',
    '        raise ValueError(f"pitches {pitches}, not the inspected {EXPECTED_PITCHES}")',
    '    offsets = [p - pointers[0] for p in pointers]',
    '    if offsets != EXPECTED_OFFSETS:',
    '        raise ValueError(f"planes at {offsets} bytes from plane 0, not the inspected {EXPECTED_OFFSETS}")',
    "    # Where NVDEC wrote each plane: FFmpeg's pointer plus the measured rows of its pitch.",
    '    pointers = [p + rows * pitch for p, rows, pitch in zip(pointers, DECODER_ROWS, pitches)]',
    '    return pointers, pitches',
    '',
    '',
  ];
}

function cudaPlaneLines(): string[] {
  return [
    'class CudaPlane:',
    '    """Device memory described by __cuda_array_interface__ (version 3); owns nothing, so keep the frame alive."""',
    '',
    '    def __init__(self, ptr, shape, strides, typestr):',
    '        self.__cuda_array_interface__ = {',
    '            "shape": shape,',
    '            "typestr": typestr,',
    '            "strides": strides,',
    '            "data": (ptr, False),',
    '            "version": 3,',
    '        }',
    '',
    '',
  ];
}

/** The helper classes, the expectations and frame_planes(frame), ending with a blank line. */
export function frameHelperLines(facts: CodeFacts): string[] {
  const geometry = geometryOf(facts);
  if (geometry !== null) return correctedHelperLines(facts, geometry);
  const offsets = spansPlanes(facts) ? `[${facts.planes.map((p) => p.offsetFromPlane0 ?? 0).join(', ')}]` : 'None';
  return [
    ...cudaPlaneLines(),
    'class AVFrameHead(ctypes.Structure):',
    '    """The first two fields of FFmpeg\'s AVFrame (libavutil/frame.h): uint8_t *data[8]; int linesize[8]."""',
    '',
    '    _fields_ = [("data", ctypes.c_void_p * 8), ("linesize", ctypes.c_int * 8)]',
    '',
    '',
    `# The frame inspected (frame ${facts.frameIndex}, ${facts.swFormat} ${facts.width}x${facts.height}). A frame laid out otherwise is`,
    '# refused, not misread: inspect a frame of that stream and copy its code instead.',
    `EXPECTED_PITCHES = [${facts.planes.map((p) => p.pitch).join(', ')}]  # frame->linesize[i], bytes`,
    `EXPECTED_OFFSETS = ${offsets}  # frame->data[i] - frame->data[0], bytes${spansPlanes(facts) ? ': one tensor spans the planes' : ' (each plane its own tensor)'}`,
    '',
    '',
    'def frame_planes(frame):',
    '    """Device pointers and pitches (bytes) of frame\'s planes, checked against the inspected frame.',
    '',
    '    frame: an AVFrame* as an int (from ctypes or a C extension), or any object with data and linesize',
    '    sequences laid out as AVFrame\'s (frame->data[i], frame->linesize[i])."""',
    '    if isinstance(frame, int):',
    '        frame = AVFrameHead.from_address(frame)',
    '    count = len(EXPECTED_PITCHES)',
    '    pointers = [int(frame.data[i] or 0) for i in range(count)]',
    '    pitches = [int(frame.linesize[i]) for i in range(count)]',
    '    if 0 in pointers:',
    '        raise ValueError(f"plane pointers {pointers}: a plane is missing")',
    '    if pitches != EXPECTED_PITCHES:',
    '        raise ValueError(f"pitches {pitches}, not the inspected {EXPECTED_PITCHES}")',
    '    offsets = [p - pointers[0] for p in pointers]',
    '    if EXPECTED_OFFSETS is not None and offsets != EXPECTED_OFFSETS:',
    '        raise ValueError(f"planes at {offsets} bytes from plane 0, not the inspected {EXPECTED_OFFSETS}")',
    '    return pointers, pitches',
    '',
    '',
  ];
}
