#!/usr/bin/env bash
# Regenerates reports/mcp-go/<version>/ for the pinned github.com/mark3labs/mcp-go
# (go.mod), every revision each case lists:
#   server-stdio-push, server-stdio-input-required   bin/server --api push|input-required (stdio)
#   server-http-push, server-http-input-required     bin/server --api ... --http 0 (Streamable HTTP)
#   client-stdio, client-http                         bin/client
# and sut/mcp-go/expected-failures.yml (scripts/sut_baseline.py).
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/mcp-go name=mcp-go
"$sut/setup.sh" >&2
version=$(cd "$sut" && go list -m -f '{{.Version}}' github.com/mark3labs/mcp-go)
version=${version#v}
source scripts/sut-report-lib.sh

for api in push input-required; do
  run_harness "server-stdio-$api" server --command "$sut/bin/server --api $api"
  serve_http "$sut/bin/server" --api "$api" --http 0
  run_harness "server-http-$api" server --url "$http_url"
  stop_http
done
run_harness client-stdio client --command "$sut/bin/client"
run_harness client-http client --command "$sut/bin/client" --transport http
python3 scripts/sut_baseline.py "$name" "$version" --package github.com/mark3labs/mcp-go
