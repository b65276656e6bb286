/** One line of scripts/memory/open-cost.mjs: what one open of one file held, as the tests that read it see it. */
export interface OpenCostLine {
  file: string;
  codec: string;
  pixelFormat: string;
  bitDepth: number;
  codedWidth: number;
  codedHeight: number;
  decodePath: string;
  /** The process's resident memory grown by the open, in bytes. */
  rssBytes: number;
  /** The software decoder's threads (a software open's line). */
  cpuThreads?: number;
  /** The device memory the open took, in bytes (an NVDEC open's line). */
  gpuOpenBytes?: number;
}
