/*
 * The prestart's decision, apart from its constructor: whether a Node command line (node [options]
 * .../zerocopy-inspector.js COMMAND ...) will decode on a CUDA device. The rule is the command line's own
 * (wantsCudaContext in electron/cli/gpu-lifecycle.ts); test/fixtures/prestart/decide-cases.json holds both to one
 * table.
 */
#ifndef ZCI_PRESTART_DECIDE_H
#define ZCI_PRESTART_DECIDE_H

/// The basename of the command line's script, which the decision looks for among Node's arguments.
#define ZCI_PRESTART_SCRIPT "zerocopy-inspector.js"

/// [in] ARGC, ARGV: the process's whole argument vector (Node's first). [out] DEVICE: the ordinal, 0..63, when the
/// answer is 1. Returns 1 when the command decodes on DEVICE, else 0 (no script, another command, software decoding,
/// a capture, a device that is no integer 0..63).
int zci_prestart_decide(int argc, const char *const *argv, int *device);

#endif
