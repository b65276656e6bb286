#!/usr/bin/env bash
# Runs every recorder test: installs python/ with its test and ray extras into .cache/recorder-venv (Ray for the
# corpus scan's test, which starts a three-node cluster on this machine), checks it with ruff, runs pytest (the unit
# tests, the writer against the inspector's own reader, the C header's compile and harness, the Ray scan against the
# inspector's own scan; tests/gpu/ where a GPU exists; every capture a test writes checked against
# contract/capture.schema.json with jsonschema, a dependency of the package) and clang-format on the header.
# Last line, always: "recorder: N passed, M failed, K skipped". Exit status 0 only when M is 0.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/.cache/recorder-venv"
log="$root/.cache/recorder-test"
mkdir -p "$log"
passed=0 failed=0 skipped=0

if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv" || { echo "recorder: 0 passed, 1 failed, 0 skipped"; exit 1; }; fi
if ! "$venv/bin/pip" install --quiet "$root/python[test,ray]" >"$log/install.log" 2>&1; then
  tail -20 "$log/install.log"
  echo "recorder: 0 passed, 1 failed, 0 skipped"
  exit 1
fi

# ruff and clang-format each count as one check.
if (cd "$root/python" && "$venv/bin/ruff" check . && "$venv/bin/ruff" format --check .) >"$log/ruff.log" 2>&1; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); cat "$log/ruff.log"
fi
if command -v clang-format >/dev/null; then
  if (cd "$root" && clang-format --dry-run --Werror include/*.h python/tests/c/*.[ch]) >"$log/format.log" 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); cat "$log/format.log"
  fi
else
  skipped=$((skipped + 1)); echo "clang-format is not installed: header formatting not checked"
fi

# The tests run against the installed package, from a folder outside the source tree.
(cd "$root/python" && ZCI_RECORDER_CONFIG="$log/key" "$venv/bin/python" -m pytest -q -rs -p no:cacheprovider \
  --junitxml="$log/junit.xml" tests) 2>&1 | tee "$log/pytest.log"
counts="$("$venv/bin/python" - "$log/junit.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except (OSError, ET.ParseError):
    print("0 1 0"); raise SystemExit
suites = [root] if root.tag == "testsuite" else list(root)
total = sum(int(s.get("tests", 0)) for s in suites)
bad = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
skip = sum(int(s.get("skipped", 0)) for s in suites)
print(total - bad - skip, bad, skip)
PY
)"
read -r p f s <<<"$counts"
passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
echo "recorder: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
