/** The words for the jargon: every glossary entry, and NVCV's format names read out for every fixture's format. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOSSARY, GLOSSARY_TERMS } from '../../wording/glossary';
import { REGION_LABELS } from '../../contract/memory';
import { DESCRIPTOR_ONLY_WHY } from '../../wording/verdicts';
import { describeNvcvFormat } from '../../renderer/src/components/glossary/nvcv-format';
import { ROOT } from '../support/paths';

describe('the glossary', () => {
  it('has a title and a few sentences for every term, each title once', () => {
    for (const term of GLOSSARY_TERMS) {
      expect(GLOSSARY[term].title.length).toBeGreaterThan(3);
      expect(GLOSSARY[term].text.split('. ').length).toBeGreaterThanOrEqual(2);
    }
    const titles = GLOSSARY_TERMS.map((term) => GLOSSARY[term].title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('names the memory regions as the report and the panels do', () => {
    expect(GLOSSARY['coded-not-displayed'].title).toBe(REGION_LABELS['coded-not-displayed']);
    expect(GLOSSARY['allocator-padding'].title).toBe(REGION_LABELS['allocator-padding']);
  });

  it('says why a descriptor-only match is not zero copy, in the verdicts own words', () => {
    expect(GLOSSARY['descriptor-only'].text).toContain(DESCRIPTOR_ONLY_WHY);
  });

  it("says what stream 0x0 means for ordering: the frame's context's legacy default stream, after FFmpeg's work", () => {
    const text = GLOSSARY['contexts-streams'].text;
    expect(text).toMatch(/Stream 0x0 is the legacy default stream of the frame's context/);
    expect(text).toMatch(/after the work FFmpeg queued earlier in that context/);
  });

  it('covers both STRIDED buffer types, the canary and the single-tensor view', () => {
    expect(GLOSSARY['strided-buffers'].text).toMatch(/STRIDED_CUDA[\s\S]*STRIDED_HOST/);
    expect(GLOSSARY['aliasing-proof'].text).toMatch(/canary/);
    expect(GLOSSARY['single-tensor'].text).toMatch(/1\.5×H/);
  });
});

/** The NVCV format names the addon reported for the fixtures on this machine's software decode (host frames). */
const HOST_FORMATS: Record<string, string> = {
  // sample.mp4 and h264-1080p-420.mp4 (yuv420p, HD)
  'NVCVImageFormat(YCbCr,BT709,4:2:0,PITCH_LINEAR,UNSIGNED,XYZ0,ASSOCIATED,X8,X8,X8)':
    'Y: 8-bit luma; U, V: 8-bit samples, half resolution; BT.709 limited',
  // h264-odd-642x362.mp4 and h264-damaged-642x362.mp4 (yuv420p, SD)
  'NVCVImageFormat(YCbCr,BT601,4:2:0,PITCH_LINEAR,UNSIGNED,XYZ0,ASSOCIATED,X8,X8,X8)':
    'Y: 8-bit luma; U, V: 8-bit samples, half resolution; BT.601 limited',
  // h264-444-640x360.mp4 and hevc-444-640x360.mp4 (yuv444p)
  'NVCVImageFormat(YCbCr,BT601,4:4:4,PITCH_LINEAR,UNSIGNED,XYZ0,ASSOCIATED,X8,X8,X8)':
    'Y: 8-bit luma; U, V: 8-bit samples, full resolution; BT.601 limited',
  // hevc-main10-1280x720.mp4 (yuv420p10le: 10 bits in the low bits)
  'NVCVImageFormat(YCbCr,BT709,4:2:0,PITCH_LINEAR,UNSIGNED,XYZ0,ASSOCIATED,b6X10,b6X10,b6X10)':
    'Y: luma, 10 bits in the low bits of 16-bit words; U, V: 10 bits in the low bits of 16-bit words, half ' +
    'resolution; BT.709 limited',
};

/** The names the GPU run recorded for the fixtures' NVDEC frames (docs/gpu-evidence.md). */
const GPU_FORMATS: Record<string, string> = {
  // NV12 from NVDEC, HD
  'NVCVImageFormat(YCbCr,BT709,4:2:0,PITCH_LINEAR,UNSIGNED,XYZ0,ASSOCIATED,X8,X8_Y8)':
    'Y: 8-bit luma; UV: interleaved 8-bit pairs, half resolution; BT.709 limited',
  // P010 from NVDEC (10 bits in the high bits)
  'NVCVImageFormat(YCbCr,BT709,4:2:0,PITCH_LINEAR,UNSIGNED,XYZ0,ASSOCIATED,X10b6,X10b6_Y10b6)':
    'Y: luma, 10 bits in the high bits of 16-bit words; UV: interleaved pairs, 10 bits in the high bits of ' +
    '16-bit words, half resolution; BT.709 limited',
  // NV12 from NVDEC, SD: NVCV's predefined name
  NVCV_IMAGE_FORMAT_NV12: 'Y: 8-bit luma; UV: interleaved 8-bit pairs, half resolution; BT.601 limited',
};

describe('describeNvcvFormat', () => {
  it('reads every format the fixtures produce without a GPU', () => {
    for (const [name, words] of Object.entries(HOST_FORMATS)) expect(describeNvcvFormat(name)?.text).toBe(words);
  });

  it('reads every format the fixtures produce from NVDEC', () => {
    for (const [name, words] of Object.entries(GPU_FORMATS)) expect(describeNvcvFormat(name)?.text).toBe(words);
  });

  it('reads every name the GPU run recorded in docs/gpu-evidence.md', () => {
    const evidence = readFileSync(path.join(ROOT, 'docs', 'gpu-evidence.md'), 'utf8');
    const names = [...evidence.matchAll(/NVCV image: `([^`]+)`/g)].map((match) => match[1] ?? '');
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const name of new Set(names)) expect(GPU_FORMATS[name] ?? HOST_FORMATS[name]).toBeDefined();
  });

  it('keeps the planes and the colour apart, and names full range and swapped chroma', () => {
    const words = describeNvcvFormat('NVCV_IMAGE_FORMAT_NV12_ER');
    expect(words?.planes).toEqual(['Y: 8-bit luma', 'UV: interleaved 8-bit pairs, half resolution']);
    expect(words?.colour).toBe('BT.601 full');
    expect(describeNvcvFormat('NVCV_IMAGE_FORMAT_NV21')?.planes[1]).toMatch(/^VU: /);
    expect(
      describeNvcvFormat('NVCVImageFormat(YCbCr,BT2020_ER,4:2:2,PITCH_LINEAR,UNSIGNED,XYZ0,ASSOCIATED,X16,X16_Y16)')
        ?.text,
    ).toBe('Y: 16-bit luma; UV: interleaved 16-bit pairs, half width; BT.2020 full');
  });

  it('gives null for what it cannot read: no name, another model, a packing it does not know', () => {
    expect(describeNvcvFormat(null)).toBeNull();
    expect(describeNvcvFormat('NVCV_IMAGE_FORMAT_RGB8')).toBeNull();
    expect(
      describeNvcvFormat('NVCVImageFormat(RGB,UNDEFINED,NONE,PITCH_LINEAR,UNSIGNED,XYZ1,ASSOCIATED,X8_Y8_Z8)'),
    ).toBeNull();
    expect(
      describeNvcvFormat('NVCVImageFormat(YCbCr,BT709,4:2:0,PITCH_LINEAR,UNSIGNED,XYZ0,ASSOCIATED,Q8)'),
    ).toBeNull();
    expect(describeNvcvFormat('NVCVImageFormat(')).toBeNull();
  });
});
