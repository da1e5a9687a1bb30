#!/usr/bin/env bash
# Regenerates reports/fastmcp-ts/<version>/ for the pinned fastmcp (package.json), server role:
#   server-stdio/   every revision over stdio (2025-06-18, 2025-11-25; 2026-07-28 is SKIP-REVISION:
#                   fastmcp's TypeScript SDK 1.x has no such wire)
#   server-http/    every revision over Streamable HTTP (fastmcp's httpStream transport,
#                   server.mjs --http 0; 2026-07-28 is SKIP-REVISION there too)
# and sut/fastmcp-ts/expected-failures.yml.
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/fastmcp-ts name=fastmcp-ts
version=$(node -p 'require("./sut/fastmcp-ts/package.json").dependencies.fastmcp')
source scripts/sut-report-lib.sh

"$sut/setup.sh" >&2
[ "$(installed_version fastmcp)" = "$version" ] || { echo "$name report: node_modules has another fastmcp" >&2; exit 2; }

run_harness server-stdio server --command "node $sut/server.mjs"
serve_http node "$sut/server.mjs" --http 0
run_harness server-http server --url "$http_url"
stop_http
python3 scripts/sut_baseline.py "$name" "$version" --package fastmcp
