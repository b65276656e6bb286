/*
 * The prestart library (libzci_prestart.so): preloaded into the command line's Node by bin/zerocopy-inspector, it
 * starts the CUDA driver and the device's primary context on a thread of its own before Node's main runs, so that
 * the driver's work overlaps Node's start. The addon reads what it did through zci_prestart_state.
 */
#ifndef ZCI_PRESTART_H
#define ZCI_PRESTART_H

/// [out] DEVICE: the ordinal whose context the prestart makes; DRIVER_NS, CONTEXT_NS: CLOCK_MONOTONIC nanoseconds
/// when cuInit returned and when the primary context was retained, 0 while not (or never) reached. Returns 1 when
/// the prestart decided this command decodes on the GPU and started its thread, else 0 (and DEVICE is -1).
int zci_prestart_state(int *device, long long *driver_ns, long long *context_ns);

#endif
