/** What the machine offers the inspector: FFmpeg, CUDA, NVCV and CV-CUDA, with where each came from. */

/** A library loaded at run time, or the reason it was not. */
export interface LibraryStatus {
  loaded: boolean;
  path: string | null;
  version: string | null;
  error: string | null;
  searched: string[];
}

/** One CUDA device as the runtime sees it. */
export interface CudaDevice {
  ordinal: number;
  name: string;
  computeCapability: string;
  totalMemory: number;
  pciBusId: string;
}

/** The CUDA driver and runtime. */
export interface CudaStatus {
  runtimeVersion: string;
  driverVersion: string | null;
  deviceCount: number;
  devices: CudaDevice[];
  error: string | null;
}

/** The FFmpeg libraries the addon runs against. */
export interface FfmpegStatus {
  libavcodec: string;
  libavformat: string;
  libavutil: string;
  libswscale: string;
  cudaHwaccel: boolean;
}

/** Everything the decoder panel shows about the machine. */
export interface EnvironmentReport {
  addonVersion: string;
  ffmpeg: FfmpegStatus;
  cuda: CudaStatus;
  nvcv: LibraryStatus;
  cvcuda: LibraryStatus;
}
