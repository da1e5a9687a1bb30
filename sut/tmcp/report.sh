#!/usr/bin/env bash
# Regenerates reports/tmcp/<version>/ for the pinned tmcp (package.json), server role:
#   server-stdio/   every revision over stdio (2025-06-18, 2025-11-25, 2026-07-28)
#   server-http/    every revision over Streamable HTTP (server.mjs --http 0; the 2026-07-28
#                   cases run over HTTP too, but for the few about a stdio rule)
# and sut/tmcp/expected-failures.yml.
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/tmcp name=tmcp
version=$(node -p 'require("./sut/tmcp/package.json").dependencies.tmcp')
source scripts/sut-report-lib.sh

ensure_installed
[ "$(installed_version tmcp)" = "$version" ] || { echo "tmcp report: node_modules has another tmcp" >&2; exit 2; }

run_harness server-stdio server --command "node $sut/server.mjs"
serve_http node "$sut/server.mjs" --http 0
run_harness server-http server --url "$http_url"
stop_http
python3 scripts/sut_baseline.py "$name" "$version"
