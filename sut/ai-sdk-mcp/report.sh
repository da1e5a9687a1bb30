#!/usr/bin/env bash
# Regenerates reports/ai-sdk-mcp/<version>/ for the pinned @ai-sdk/mcp (package.json), client role
# (the package has no server):
#   client-stdio/   every revision (2025-06-18, 2025-11-25, 2026-07-28) over stdio
#   client-http/    every revision over Streamable HTTP
# and sut/ai-sdk-mcp/expected-failures.yml.
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/ai-sdk-mcp name=ai-sdk-mcp
version=$(node -p 'require("./sut/ai-sdk-mcp/package.json").dependencies["@ai-sdk/mcp"]')
source scripts/sut-report-lib.sh

ensure_installed
[ "$(installed_version @ai-sdk/mcp)" = "$version" ] || { echo "ai-sdk-mcp report: node_modules has another @ai-sdk/mcp" >&2; exit 2; }

run_harness client-stdio client --command "node $sut/client.mjs"
run_harness client-http client --transport http --command "node $sut/client.mjs"
python3 scripts/sut_baseline.py "$name" "$version" --package @ai-sdk/mcp
