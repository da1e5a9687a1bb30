#!/usr/bin/env bash
# Regenerates reports/python-template/<version>/ for the stdlib Python template (both roles, stdio;
# it has no HTTP): server-stdio/ and client-stdio/, every revision. <version> is this repository's
# tool version (the template is part of it). The template has no expected-failures file: it passes
# every 2025 case and is SKIP on 2026-07-28 (README.md).
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/python-template name=python-template
bin=${ELICIT_CONFORM_BIN:-$root/build/default/elicit-conform}
[ -x "$bin" ] || { echo "python-template report: no harness at $bin (scripts/setup.sh builds it)" >&2; exit 2; }
version=$("$bin" --version | awk '{print $2; exit}')
source scripts/sut-report-lib.sh

run_harness server-stdio server --command "python3 $sut/server.py"
run_harness client-stdio client --command "python3 $sut/client.py"
