#!/usr/bin/env bash
# Regenerates reports/rmcp/<version>/ for the pinned rmcp (Cargo.lock), both roles:
#   server-stdio/   every revision over stdio (2025-06-18, 2025-11-25, 2026-07-28)
#   server-http/    every revision over Streamable HTTP (target/release/server --http 0)
#   client-stdio/   every revision over stdio (the client spawns the harness's stdio server)
#   client-http/    every revision over Streamable HTTP
# and sut/rmcp/expected-failures.yml. Every revision a case lists runs (no --revision), on the
# transports the case lists.
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/rmcp name=rmcp
sut/rmcp/setup.sh >&2
version=$(sed -n '/^name = "rmcp"$/{n;s/^version = "\(.*\)"$/\1/p;}' sut/rmcp/Cargo.lock)
source scripts/sut-report-lib.sh

bin_dir=$sut/target/release
run_harness server-stdio server --command "$bin_dir/server"
serve_http "$root/$bin_dir/server" --http 0
run_harness server-http server --url "$http_url"
stop_http
run_harness client-stdio client --command "$bin_dir/client"
run_harness client-http client --command "$bin_dir/client" --transport http
python3 scripts/sut_baseline.py "$name" "$version"
