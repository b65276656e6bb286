#!/usr/bin/env bash
# The Ray scan beside the plain scan, on one machine from an unpacked GPU bundle: a one-node Ray cluster (one GPU, one
# nvdec) on a loopback address, then, alternating for RAY_BENCH_ROUNDS rounds (3), the same corpus scanned by
#   plain  zerocopy-inspector scan --list CORPUS -o OUT/plain-R.jsonl
#   ray    python -m zci scan --ray ADDRESS --list CORPUS -o OUT/ray-R.jsonl   (one scanner actor per GPU, each
#          running the same inspector's scan over its shard)
# with the same scan options, each a fresh output, after one plain pass that warms the page cache and the driver.
# One JSON line per measurement into OUT/ray-bench.jsonl (ray-setup; ray-scan: round, kind, seconds, files, frames,
# exit; ray-identical: each round's two results compared, each file's line but for its wall time; plain-repeat: the
# round's plain results against the warm-up's, the same comparison; ray-phases: where the round's Ray scan spent its
# time, the phase marks its driver writes with ZCI_PHASES=1, null where it wrote none), progress on stderr and in
# OUT/ray-bench.log; the rounds' results, outputs and shards packed into OUT/ray-rounds.tar.xz at the end.
# The cluster is stopped on every exit.
#
# Usage: ray-scan-bench.sh BUNDLE_DIR KIT_DIR OUT [FOLDER...]
#   BUNDLE_DIR  the unpacked GPU bundle (scripts/gpu/make-bundle.sh): Node, FFmpeg's libraries, the addon, out/, bin/,
#               python/src (else this checkout's python/src is used)
#   KIT_DIR     the Ray kit (scripts/gpu/make-ray-kit.sh): its wheels, or its parts ray-kit.tar.part-NN, joined here
#   FOLDER      what to scan: every .mp4, .mkv and .webm under them (default: the bundle's corpus/, clips/ and
#               test/fixtures/, the scan benchmark's corpus)
# Environment: RAY_BENCH_DECODERS (4), RAY_BENCH_DECODE (the inspector's default), RAY_BENCH_PROOF_EVERY (the
# inspector's default), RAY_BENCH_ROUNDS (3), RAY_BENCH_GPUS (1; 0 for a cluster without GPUs: actors hold no GPU),
# RAY_BENCH_LIMIT_S (180, the most one scan may take), RAY_BENCH_HOST (127.0.0.2), RAY_BENCH_VENV (a folder under
# /tmp) over RAY_BENCH_BASE_PYTHON (python3), RAY_BENCH_PYTHON (a Python that already has Ray: no virtual environment is made and KIT_DIR is not read),
# RAY_BENCH_RAY_STOP (0: at the end stop only this cluster's processes, not also every Ray process ray stop finds).
set -uo pipefail
usage="usage: ray-scan-bench.sh BUNDLE_DIR KIT_DIR OUT [FOLDER...]"
bundle=$(cd "${1:?$usage}" && pwd) || exit 2
kit=${2:?$usage}
out=${3:?$usage}
shift 3
here=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
log=$out/ray-bench.log
lines=$out/ray-bench.jsonl
: > "$log"
: > "$lines"
say() { echo "ray-scan-bench: $*" | tee -a "$log" >&2; }
die() { say "$*"; exit 1; }
record() { echo "$1" >> "$lines"; say "$1"; }
now() { date +%s.%N; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a - b }'; }
started=$(now)

decoders=${RAY_BENCH_DECODERS:-4}
decode=${RAY_BENCH_DECODE:-}
proof_every=${RAY_BENCH_PROOF_EVERY:-}
rounds=${RAY_BENCH_ROUNDS:-3}
gpus=${RAY_BENCH_GPUS:-1}
limit=${RAY_BENCH_LIMIT_S:-180}
# Ray turns 127.0.0.1 into the host's outward address; another loopback address it leaves alone.
host=${RAY_BENCH_HOST:-127.0.0.2}

# The inspector's environment, as scripts/gpu/scan-bench.sh and the bundle's run.sh set it.
export LD_LIBRARY_PATH=$bundle/ffmpeg/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export ZCI_NVCV_PATH=$bundle/nvcv
export PATH=$bundle/ffmpeg/bin:$PATH
export RAY_USAGE_STATS_ENABLED=0
node=$bundle/node/bin/node
[ -x "$node" ] || node=$(command -v node) || die "no Node: $bundle/node/bin/node is missing and none is on PATH"
cli=$bundle/bin/zerocopy-inspector.js
[ -f "$cli" ] || die "$cli is missing: BUNDLE_DIR is not an unpacked GPU bundle"
# The command line as scripts/gpu/scan-bench.sh runs it: through its launcher (the prestart library preloaded where
# the bundle has it) on the bundle's Node; a bundle without the launcher runs the entry on Node.
if [ -x "$bundle/bin/zerocopy-inspector" ]; then
  export ZCI_NODE=$node
  zci=("$bundle/bin/zerocopy-inspector")
  launcher=true
else
  zci=("$node" "$cli")
  launcher=false
fi
# The Python package, from the bundle, else from this checkout: importable by the driver and by every Ray worker,
# which inherit the cluster's environment.
src=$bundle/python/src
[ -d "$src/zci" ] || src=$here/python/src
[ -d "$src/zci" ] || die "no Python package: neither $bundle/python/src/zci nor $here/python/src/zci"
export PYTHONPATH=$src${PYTHONPATH:+:$PYTHONPATH}

work=$(mktemp -d /tmp/zci-ray-XXXXXX)
trap 'rm -rf "$work"' EXIT
tools=$work/tools.py
cat > "$tools" << 'PY'
"""The bench's small jobs in Python: a free port, a results file's counts, two results compared, a cluster stopped."""
import json
import os
import socket
import sys

# A line's fields that are the scan's timings: the rest must be the same in the two results.
TIMINGS = ("elapsedMs",)


def results(path):
    with open(path, encoding="utf-8") as handle:
        return [json.loads(raw) for raw in handle.read().split("\n") if raw.strip()]


def free_port(host):
    with socket.socket() as probe:
        probe.bind((host, 0))
        print(probe.getsockname()[1])


def counts(path):
    try:
        found = results(path)
    except (OSError, ValueError):
        found = []
    print(len(found), sum(line.get("frames", 0) for line in found))


def normalised(path):
    """Each file's line but for its timings, by path."""
    return {line["key"]["path"]: {k: v for k, v in line.items() if k not in TIMINGS} for line in results(path)}


def leaf_difference(where, a, b):
    """The first place two different values part: its dotted name and the two values there."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return leaf_difference(f"{where}.{key}" if where else key, a.get(key), b.get(key))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return leaf_difference(f"{where}[{index}]", x, y)
    return where, a, b


def summary(path):
    """The summary a scan printed: its lines before the closing `scanned N now ...` line."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read().split("\n")
    except OSError:
        return None
    ends = [i for i, line in enumerate(text) if line.startswith("scanned ")]
    return "\n".join(text[: ends[-1]]) if ends else None


def compare(bench, round_, root, one, other):
    """Two scans' results compared line by line, each named by its kind and its run (KIND:RESULTS:OUTPUT)."""
    (a_kind, a_file, a_out), (b_kind, b_file, b_out) = one.split(":", 2), other.split(":", 2)
    record = {"bench": bench, "round": int(round_)}
    try:
        a, b = normalised(a_file), normalised(b_file)
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(json.dumps({**record, "error": f"{type(error).__name__}: {error}"[:300]}, separators=(",", ":")))
        return
    paths = sorted(set(a) | set(b))
    differing = [p for p in paths if a.get(p) != b.get(p)]
    first = None
    if differing:
        path = differing[0]
        shown = os.path.relpath(path, root) if path.startswith(root + os.sep) else path
        if path not in a or path not in b:
            first = f"{shown}: only in the {b_kind if path not in a else a_kind} results"
        else:
            name, x, y = leaf_difference("", a[path], b[path])
            first = f"{shown}: {name}: {a_kind} {json.dumps(x)[:150]} / {b_kind} {json.dumps(y)[:150]}"
    same_summary = summary(a_out) is not None and summary(a_out) == summary(b_out)
    found = {f"{a_kind}Lines": len(a), f"{b_kind}Lines": len(b), "differing": len(differing), "first": first}
    print(json.dumps({**record, **found, "summaryIdentical": same_summary}, separators=(",", ":")))


def stop(folder):
    """Stops this cluster's processes only (python/tests/cluster_processes.py); prints how many are left."""
    sys.path.insert(0, os.path.join(os.environ["ZCI_TREE"], "python", "tests"))
    from cluster_processes import stop as stop_cluster

    print(stop_cluster(folder))


if __name__ == "__main__":
    job, *args = sys.argv[1:]
    {"free-port": free_port, "counts": counts, "compare": compare, "stop": stop}[job](*args)
PY

# Python with Ray: the one named, else a virtual environment over the system's Python (its packages stay visible)
# with the kit's wheels, installed without an index.
own_venv=""
if [ -n "${RAY_BENCH_PYTHON:-}" ]; then
  python=$RAY_BENCH_PYTHON
  say "Python with Ray: $python (RAY_BENCH_PYTHON; the kit is not read)"
else
  kit=$(cd "$kit" && pwd) || die "KIT_DIR $2 is not a folder"
  if [ ! -f "$kit/requirements.txt" ]; then
    compgen -G "$kit/ray-kit.tar.part-*" > /dev/null || die "$kit holds neither the kit's wheels nor its parts (ray-kit.tar.part-NN)"
    say "joining the kit's parts in $kit"
    (cd "$kit" && cat ray-kit.tar.part-* | tar -xf -) || die "the kit's parts do not make a whole tar: carry every part again"
  fi
  (cd "$kit" && sha256sum --quiet -c SHA256SUMS) >> "$log" 2>&1 || die "the kit's wheels do not match SHA256SUMS (see $log)"
  venv=${RAY_BENCH_VENV:-/tmp/zci-ray-venv}
  own_venv=$venv
  t0=$(now)
  base=${RAY_BENCH_BASE_PYTHON:-python3}
  if [ ! -x "$venv/bin/python" ]; then
    "$base" -m venv --system-site-packages "$venv" >> "$log" 2>&1 || die "$base -m venv failed (see $log)"
  fi
  say "installing the kit's wheels into $venv (no index)"
  "$venv/bin/python" -m pip install --disable-pip-version-check --no-index --find-links "$kit" -r "$kit/requirements.txt" \
    >> "$log" 2>&1 || die "pip could not install the kit (see $log): is $("$base" --version 2>&1) the kit's CPython?"
  install_s=$(minus "$(now)" "$t0")
  python=$venv/bin/python
fi
# Ray's command line through the Python that has Ray (where the system's site has Ray, the environment has no ray
# script of its own).
ray_main='import sys; from ray.scripts.scripts import main; sys.argv[0] = "ray"; sys.exit(main())'
versions=$("$python" -c 'import platform, ray; print(ray.__version__, platform.python_version())') \
  || die "$python cannot import ray"
read -r ray_version python_version <<< "$versions"
"$python" -c 'import zci.scan.cluster' 2>> "$log" || die "$python cannot import zci.scan.cluster from $src (see $log)"

stop_cluster() {
  local left
  left=$(ZCI_TREE=$here "$python" "$tools" stop "$work" 2> /dev/null)
  # On a machine of its own (the kit's environment), also every Ray process of this user, as ray stop finds them
  # (RAY_BENCH_RAY_STOP=0 where other clusters run beside this one).
  if [ -n "$own_venv" ] && [ "${RAY_BENCH_RAY_STOP:-1}" != 0 ]; then "$python" -c "$ray_main" stop --force >> "$log" 2>&1; fi
  say "Ray cluster stopped${left:+ ($left of its processes left)}"
  rm -rf "$work"
}
trap stop_cluster EXIT
trap 'exit 130' INT TERM

# The corpus, listed once: both scans read the same list.
folders=()
for folder in "$@"; do folders+=("$(cd "$folder" && pwd)") || die "$folder is not a folder"; done
[ ${#folders[@]} -gt 0 ] || folders=("$bundle/corpus" "$bundle/clips" "$bundle/test/fixtures")
list=$out/corpus.list
find "${folders[@]}" -type f \( -name '*.mp4' -o -name '*.mkv' -o -name '*.webm' \) | sort > "$list"
files=$(wc -l < "$list")
[ "$files" -gt 0 ] || die "no .mp4, .mkv or .webm file under ${folders[*]}"
bytes=$(tr '\n' '\0' < "$list" | du -cb --files0-from=- | tail -1 | cut -f1)

# A one-node cluster: the GPUs and as many nvdec, on a loopback address, its sockets in a short folder.
port=$("$python" "$tools" free-port "$host") || die "no free port on $host"
address=$host:$port
say "starting Ray $ray_version (Python $python_version) at $address with $gpus GPU(s)"
t0=$(now)
timeout 120 "$python" -c "$ray_main" start --head --node-ip-address "$host" --port "$port" --num-gpus="$gpus" \
  --resources="{\"nvdec\": $gpus}" --include-dashboard=false --disable-usage-stats --temp-dir "$work" \
  --object-store-memory=200000000 >> "$log" 2>&1 || die "ray start failed (see $log)"
start_s=$(minus "$(now)" "$t0")

options=(--decoders "$decoders" --no-captures)
[ -n "$decode" ] && options+=(--decode "$decode")
[ -n "$proof_every" ] && options+=(--proof-every "$proof_every")
# Each actor runs the inspector with this environment whatever its worker's: the bundle's FFmpeg, NVCV and Node. Ray
# gives the actor its GPU through CUDA_VISIBLE_DEVICES, which env passes on.
inspector=$("$python" -c 'import shlex, sys; print(shlex.join(sys.argv[1:]))' env "LD_LIBRARY_PATH=$LD_LIBRARY_PATH" \
  "ZCI_NVCV_PATH=$ZCI_NVCV_PATH" "ZCI_NODE=$node" "${zci[@]}")
gpus_per_actor=1
[ "$gpus" = 0 ] && gpus_per_actor=0
json_or_null() { if [ -n "$1" ]; then echo "\"$1\""; else echo null; fi; }
record "{\"bench\":\"ray-setup\",\"ray\":\"$ray_version\",\"python\":\"$python_version\",\"gpus\":$gpus,\"files\":$files,\"bytes\":$bytes,\"decoders\":$decoders,\"decode\":$(json_or_null "$decode"),\"proofEvery\":${proof_every:-null},\"rounds\":$rounds,\"launcher\":$launcher,\"installSeconds\":${install_s:-null},\"startSeconds\":$start_s}"

cd "$bundle" || die "cannot enter $bundle"
plain_scan() { timeout "$limit" "${zci[@]}" scan --list "$list" -o "$1" "${options[@]}"; }
# The driver's phase marks (python/src/zci/scan/phases.py): one JSON line on stderr at its end, after its summary.
ray_scan() {
  ZCI_PHASES=1 timeout "$limit" "$python" -m zci scan --ray "$address" --gpus-per-actor "$gpus_per_actor" \
    --inspector "$inspector" --list "$list" -o "$1" "${options[@]}"
}
# measure ROUND KIND: one scan into a fresh OUT/KIND-ROUND.jsonl, timed as a whole process; its line recorded.
measure() {
  local round=$1 kind=$2 result=$out/$2-$1.jsonl t0 t1 code counts actors=""
  rm -rf "$result" "${result%.jsonl}.shards" "${result%.jsonl}.captures"
  t0=$(now)
  "${kind}_scan" "$result" > "$out/$kind-$round.txt" 2>&1
  code=$?
  t1=$(now)
  read -r -a counts <<< "$("$python" "$tools" counts "$result")"
  [ "$kind" = ray ] && actors=$(sed -n 's/.* on \([0-9]*\) actor(s) in .*/,"actors":\1/p' "$out/$kind-$round.txt" | tail -1)
  record "{\"bench\":\"ray-scan\",\"round\":$round,\"kind\":\"$kind\",\"seconds\":$(minus "$t1" "$t0"),\"files\":${counts[0]},\"frames\":${counts[1]},\"exit\":$code$actors}"
  if [ "$kind" = ray ]; then record_phases "$round" "$out/$kind-$round.txt"; fi
}
# record_phases ROUND OUTPUT: the driver's phases line of a Ray scan's output, as {"bench":"ray-phases","round":R,
# "phases":{...}} (its "phases" kept as the driver wrote it; null where the output holds none).
record_phases() {
  local phases
  phases=$(grep '^{"phases":{.*}}$' "$2" | tail -1 | sed 's/^{"phases":\(.*\)}$/\1/')
  record "{\"bench\":\"ray-phases\",\"round\":$1,\"phases\":${phases:-null}}"
}

say "warming the page cache and the driver: one plain scan of $files files"
plain_scan "$out/warm.jsonl" > "$out/warm.txt" 2>&1
say "warm-up scan exit $?"
for ((round = 1; round <= rounds; round++)); do
  measure "$round" plain
  measure "$round" ray
  # The round's two results; and its plain results against the warm-up's, which tells whether the scan itself gives
  # the same lines twice (a difference both show is the scan's, not Ray's).
  record "$("$python" "$tools" compare ray-identical "$round" "$bundle" "plain:$out/plain-$round.jsonl:$out/plain-$round.txt" \
    "ray:$out/ray-$round.jsonl:$out/ray-$round.txt")"
  record "$("$python" "$tools" compare plain-repeat "$round" "$bundle" "warm:$out/warm.jsonl:$out/warm.txt" \
    "plain:$out/plain-$round.jsonl:$out/plain-$round.txt")"
done

# The rounds' own files in one archive beside the records, so the folder stays a few files.
(cd "$out" && tar -cJf ray-rounds.tar.xz corpus.list warm.* plain-* ray-[0-9]* && rm -rf corpus.list warm.* plain-* ray-[0-9]*) \
  || say "the rounds' files could not be packed; they stay in $out"
say "done in $(minus "$(now)" "$started") s: $lines"
