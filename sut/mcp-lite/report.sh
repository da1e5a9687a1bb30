#!/usr/bin/env bash
# Regenerates reports/mcp-lite/<version>/ for the pinned mcp-lite (package.json), server role:
#   server-http/    the 2025 revisions over Streamable HTTP (server.mjs --http 0)
#   server-stdio/   the 2025 revisions over stdio: every case SKIP, mcp-lite has no stdio transport
#                   (the adapter says so, exit 77; the harness exits 1, nothing tested, a result)
# (mcp-lite negotiates 2025-06-18 at most: the 2026-07-28 cases, over either transport, are SKIP.)
# and sut/mcp-lite/expected-failures.yml.
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/mcp-lite name=mcp-lite
version=$(node -p 'require("./sut/mcp-lite/package.json").dependencies["mcp-lite"]')
source scripts/sut-report-lib.sh

ensure_installed
[ "$(installed_version mcp-lite)" = "$version" ] || { echo "mcp-lite report: node_modules has another mcp-lite" >&2; exit 2; }

run_harness server-stdio server --command "node $sut/server.mjs"
serve_http node "$sut/server.mjs" --http 0
run_harness server-http server --url "$http_url"
stop_http
python3 scripts/sut_baseline.py "$name" "$version"
