/** What this machine lacks for the inspector's GPU path, each with its remedy. */
import type { BackendEnvironment } from '../../../../contract/contract';
import { DEFAULT_REMEDIES } from '../../../../contract/errors';

/** What is missing on this machine, each with its remedy. */
export function missingPieces(
  environment: BackendEnvironment,
): { key: string; title: string; detail: string; remedy: string }[] {
  const missing = [];
  if (!environment.addon.loaded) {
    missing.push({
      key: 'addon',
      title: 'Native addon not loaded',
      detail: environment.addon.error ?? '',
      remedy: 'Build it with npm run build:native (needs FFmpeg development packages and the CUDA toolkit).',
    });
  }
  const report = environment.report;
  if (report !== null && report.cuda.deviceCount === 0) {
    missing.push({
      key: 'gpu',
      title: 'No CUDA device',
      detail: report.cuda.error ?? 'the driver reports no device',
      remedy: DEFAULT_REMEDIES.NO_CUDA_DEVICE,
    });
  }
  if (report !== null && !report.nvcv.loaded) {
    const searched = report.nvcv.searched.length > 0 ? ` (searched ${report.nvcv.searched.join(', ')})` : '';
    missing.push({
      key: 'nvcv',
      title: 'NVCV not found',
      detail: `${report.nvcv.error ?? 'not loaded'}${searched}`,
      remedy: DEFAULT_REMEDIES.NVCV_NOT_FOUND,
    });
  }
  return missing;
}
