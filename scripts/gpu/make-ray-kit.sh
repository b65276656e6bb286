#!/usr/bin/env bash
# The Ray kit for a GPU machine without network: Ray and the Python package's own dependencies (python/pyproject.toml:
# its dependencies and its ray extra) as wheels for CPython 3.12 on manylinux x86_64, with the list they answer
# (requirements.txt) and their SHA-256 (SHA256SUMS), in one tar cut into parts of at most PART_MIB MiB (default 40),
# each small enough to travel in one transfer: .bundle/ray-kit/ray-kit.tar.part-NN. There, in the folder the parts were
# carried into:
#   cat ray-kit.tar.part-* | tar -xf -
#   python3 -m venv --system-site-packages VENV && VENV/bin/pip install --no-index --find-links . -r requirements.txt
# (scripts/gpu/ray-scan-bench.sh does both). Idempotent: wheels already in .bundle/ray-kit/wheels are kept; the tar
# holds only the wheels the resolution for CPython 3.12 takes, checked here offline against the wheels alone.
# Usage: make-ray-kit.sh   (PART_MIB=N for other parts; RAY_KIT_PYTHON=3.12 for another CPython)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
kit=$root/.bundle/ray-kit
wheels=$kit/wheels
python_version=${RAY_KIT_PYTHON:-3.12}
part_mib=${PART_MIB:-40}
platforms=(--platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux_2_28_x86_64)
target=(--python-version "$python_version" --implementation cp "${platforms[@]}" --only-binary=:all:)
mkdir -p "$wheels"

# What the package needs on a node that scans with Ray: its dependencies and its ray extra, read from pyproject.toml.
python3 - "$root/python/pyproject.toml" > "$kit/requirements.txt" << 'PY'
import sys, tomllib
with open(sys.argv[1], "rb") as handle:
    project = tomllib.load(handle)["project"]
print("\n".join([*project["dependencies"], *project["optional-dependencies"]["ray"]]))
PY
echo "ray kit: $(paste -sd' ' "$kit/requirements.txt") for CPython $python_version, manylinux x86_64" >&2

# pip keeps a file it finds already downloaded.
pip download --quiet --dest "$wheels" "${target[@]}" -r "$kit/requirements.txt" >&2

# The resolution the GPU machine will make, from these wheels alone (no index): the wheels it takes go into the tar.
report=$kit/resolution.json
pip install --quiet --dry-run --ignore-installed --no-index --find-links "$wheels" --target "$kit/.dry-run" \
  "${target[@]}" --report "$report" -r "$kit/requirements.txt" >&2
rm -rf "$kit/.dry-run"
mapfile -t taken < <(python3 - "$report" << 'PY'
import json, os, sys
from urllib.parse import unquote, urlparse
for item in json.load(open(sys.argv[1]))["install"]:
    print(os.path.basename(unquote(urlparse(item["download_info"]["url"]).path)))
PY
)
[ "${#taken[@]}" -gt 0 ] || { echo "ray kit: the resolution took no wheel" >&2; exit 1; }
ray_wheel=$(printf '%s\n' "${taken[@]}" | grep '^ray-' || true)
[ -n "$ray_wheel" ] || { echo "ray kit: the resolution took no ray wheel" >&2; exit 1; }

stage=$kit/stage
rm -rf "$stage"
mkdir -p "$stage"
for wheel in "${taken[@]}"; do ln "$wheels/$wheel" "$stage/$wheel" 2> /dev/null || cp "$wheels/$wheel" "$stage/"; done
cp "$kit/requirements.txt" "$stage/"
(cd "$stage" && sha256sum -- *.whl requirements.txt > SHA256SUMS)
# The same wheels make the same tar, so a rerun makes the same parts.
rm -f "$kit"/ray-kit.tar.part-*
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cf - . \
  | split -b "${part_mib}M" -d -a 2 - "$kit/ray-kit.tar.part-"
rm -rf "$stage"
echo "ray kit: ${#taken[@]} wheels ($ray_wheel), $(du -cb "${taken[@]/#/$wheels/}" | tail -1 | cut -f1) bytes" >&2
(cd "$kit" && sha256sum ray-kit.tar.part-* && du -h ray-kit.tar.part-*)
