#!/usr/bin/env bash
# Regenerates reports/fastmcp-py/<version>/ for the pinned FastMCP (requirements.txt):
#   server-stdio/   every revision over stdio (2025-06-18, 2025-11-25, 2026-07-28), --reuse-sut
#   server-http/    every revision over Streamable HTTP (server.py --http 0, one process)
#   client-stdio/   client.py, every revision over stdio
#   client-http/    client.py, every revision over Streamable HTTP
# then sut/fastmcp-py/expected-failures.yml (scripts/sut_baseline.py).
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/fastmcp-py name=fastmcp-py
"$sut/setup.sh" >&2
py=$sut/.venv/bin/python
version=$("$py" -c 'import importlib.metadata as m; print(m.version("fastmcp"))')
grep -qx "fastmcp==$version \\\\" "$sut/requirements.txt" || { echo "$name report: .venv has fastmcp $version, not the pinned one" >&2; exit 2; }
source scripts/sut-report-lib.sh

# --timeout 15000: a second server process (server.lifecycle.unsupported-version-gets-the-latest)
# gets --timeout, not --startup-timeout, to answer initialize; FastMCP takes 2-7 s to import on a
# loaded machine (/work/notes/suite-defects-fastmcp-py.md).
run_harness server-stdio server --reuse-sut --timeout 15000 --command "$py $sut/server.py"
serve_http "$py" "$sut/server.py" --http 0
run_harness server-http server --url "$http_url"
stop_http
if [ -f "$sut/client.py" ]; then
  run_harness client-stdio client --command "$py $sut/client.py"
  run_harness client-http client --command "$py $sut/client.py" --transport http
fi
python3 scripts/sut_baseline.py "$name" "$version" --package "fastmcp (PyPI)"
