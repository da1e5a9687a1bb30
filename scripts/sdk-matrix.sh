#!/usr/bin/env bash
# The SDK matrix in one command: runs every sut/*/report.sh (each installs its pinned packages when
# needed and writes reports/<implementation>/<version>/), then scripts/sdk_matrix.py, which writes
# the table reports/README.md. One report that fails does not stop the others; the exit status says
# whether all of them worked.
#
# Usage: scripts/sdk-matrix.sh [NAME ...]     (default: every sut/*/report.sh)
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -uo pipefail
cd "$(dirname "$0")/.."
export JOBS=${JOBS:-2}

scripts=()
if [ $# -gt 0 ]; then
  for name in "$@"; do scripts+=("sut/$name/report.sh"); done
else
  for s in sut/*/report.sh; do scripts+=("$s"); done
fi
failed=()
for s in "${scripts[@]}"; do
  [ -x "$s" ] || { echo "sdk-matrix: $s is missing or not executable" >&2; failed+=("$s"); continue; }
  echo "sdk-matrix: $s" >&2
  "$s" || failed+=("$s")
done
python3 scripts/sdk_matrix.py || failed+=(scripts/sdk_matrix.py)
if [ ${#failed[@]} -gt 0 ]; then
  echo "sdk-matrix: failed: ${failed[*]}" >&2
  exit 1
fi
