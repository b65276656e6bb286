/**
 * The device doctor's words: which device holds what for a frame, and what operators on another device must do to
 * reach it. The identity panel, the presenter view and the command line say them from here.
 */
import type { EnvironmentReport } from '../contract/environment';
import type { Placement } from '../contract/report';
import type { VerdictTone } from './verdicts';

/** The placement's headline, its tone, and the one line that names every device. */
export interface PlacementWords {
  headline: string;
  tone: VerdictTone;
  devices: string;
}

const HEADLINES: Record<Placement['verdict'], { headline: string; tone: VerdictTone }> = {
  'one-device': { headline: 'ONE DEVICE', tone: 'ok' },
  'host-memory': { headline: 'HOST MEMORY: NO DEVICE', tone: 'unknown' },
  'cross-device-copy': { headline: 'CROSS-DEVICE: OPERATORS READ A COPY', tone: 'warn' },
  'cross-device-peer': { headline: 'CROSS-DEVICE: PEER READS', tone: 'warn' },
};

function deviceName(device: number | null): string {
  return device === null ? 'host' : `cuda:${device}`;
}

/** "planes cuda:0, cuda:0 · decoder cuda:0 · NVCV cuda:0 · operators cuda:1 · peer access supported, off". */
function placementDevices(placement: Placement): string {
  const parts = [
    `planes ${placement.planeDevices.map(deviceName).join(', ') || '—'}`,
    `decoder ${placement.decoderDevice === null ? 'software (CPU)' : deviceName(placement.decoderDevice)}`,
    `NVCV ${placement.nvcvDevice === null ? '—' : deviceName(placement.nvcvDevice)}`,
    `operators ${placement.operatorDevice === null ? 'CPU reference' : deviceName(placement.operatorDevice)}`,
  ];
  if (placement.peer !== null)
    parts.push(
      `peer access ${placement.peer.supported ? 'supported' : 'not supported'}, ${placement.peer.enabled ? 'on' : 'off'}`,
    );
  return parts.join(' · ');
}

/** The device doctor's headline, tone and device line for a placement. */
export function placementWords(placement: Placement): PlacementWords {
  const { headline, tone } = HEADLINES[placement.verdict];
  return { headline, tone, devices: placementDevices(placement) };
}

type CudaDevices = EnvironmentReport['cuda'];

/** One device's identity and the devices its kernels may read through peer access: "NVIDIA H200 · GPU-… · 0000:19:00.0
 *  · peer access to cuda:1" ("UUID not recorded" in captures made before it was). */
export function deviceIdentity(
  device: CudaDevices['devices'][number],
  peers: NonNullable<CudaDevices['peers']>,
): string {
  const reach = peers.filter((p) => p.from === device.ordinal);
  const peerWords =
    reach.length === 0
      ? []
      : [`peer access to ${reach.map((p) => `cuda:${p.to}${p.supported ? '' : ' (not supported)'}`).join(', ')}`];
  return [device.name, device.uuid ?? 'UUID not recorded', device.pciBusId, ...peerWords].join(' · ');
}
