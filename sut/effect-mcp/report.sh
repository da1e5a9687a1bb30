#!/usr/bin/env bash
# Regenerates reports/effect-mcp/<version>/ for the pinned effect (package.json), server role:
#   server-stdio/   every revision over stdio (2025-06-18, 2025-11-25, 2026-07-28)
#   server-http/    every revision over Streamable HTTP (McpServer.layerHttp, server.mjs
#                   --http 0; the 2026-07-28 cases run over HTTP too, but for the few about stdio)
# and sut/effect-mcp/expected-failures.yml.
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/effect-mcp name=effect-mcp
version=$(node -p 'require("./sut/effect-mcp/package.json").dependencies.effect')
source scripts/sut-report-lib.sh

"$sut/setup.sh" >&2
[ "$(installed_version effect)" = "$version" ] || { echo "$name report: node_modules has another effect" >&2; exit 2; }

run_harness server-stdio server --command "node $sut/server.mjs"
serve_http node "$sut/server.mjs" --http 0
run_harness server-http server --url "$http_url"
stop_http
python3 scripts/sut_baseline.py "$name" "$version" --package effect
