#!/usr/bin/env bash
# Regenerates reports/java-sdk/<version>/ for the pinned io.modelcontextprotocol.sdk:mcp (pom.xml):
#   server-stdio/   the server adapter over stdio, every revision a case lists (2026-07-28 included:
#                   the adapter says SKIP-REVISION, the SDK does not speak it)
#   server-http/    the server adapter over Streamable HTTP (one process, embedded Tomcat)
#   client-stdio/   the client adapter spawning the harness's stdio server
#   client-http/    the client adapter against the harness's Streamable HTTP endpoint
# and sut/java-sdk/expected-failures.yml (scripts/sut_baseline.py).
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/java-sdk name=java-sdk
version=$(sed -n 's:.*<mcp.version>\(.*\)</mcp.version>.*:\1:p' "$sut/pom.xml")
source scripts/sut-report-lib.sh

"$sut/setup.sh" >&2

run_harness server-stdio server --command "$sut/adapter server"
serve_http "$sut/adapter" server --http 0
run_harness server-http server --url "$http_url"
stop_http
run_harness client-stdio client --command "$sut/adapter client"
run_harness client-http client --command "$sut/adapter client" --transport http
python3 scripts/sut_baseline.py "$name" "$version" --package io.modelcontextprotocol.sdk:mcp
