#!/usr/bin/env bash
# Runs every test there is for the builds that exist: GoogleTest through ctest for the
# `default` and `asan` presets, then the pytest end-to-end suite against the built CLI(s).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/default/elicit-conform ] || { echo "test.sh: build first: scripts/setup.sh" >&2; exit 2; }

export UBSAN_OPTIONS="suppressions=$PWD/scripts/ubsan.supp:print_stacktrace=1:halt_on_error=1"
export ASAN_OPTIONS="detect_leaks=1"

ctest --preset default --output-on-failure -j2
if [ -x build/asan/elicit-conform ]; then
  ctest --preset asan --output-on-failure -j2
fi
# Debian's pytest: the python3 first on PATH may be another interpreter without it. Two workers
# (pytest-xdist, when installed): most of a test's time is its SUT processes waiting on each other,
# and each test has its own report folder, SUT processes and loopback ports.
workers=()
/usr/bin/python3 -c "import xdist" 2>/dev/null && workers=(-n "${EC_TEST_WORKERS:-2}")
/usr/bin/python3 -m pytest -q --durations=25 "${workers[@]}" tests "$@"
