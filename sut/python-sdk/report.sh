#!/usr/bin/env bash
# Regenerates reports/python-sdk/<version>/ for the pinned MCP Python SDK 2.x (requirements.txt):
#   server-stdio/   every revision over stdio (2025-06-18, 2025-11-25, 2026-07-28)
#   server-http/    the cases of Streamable HTTP (server.py --http 0, one process for every session)
#   client-stdio/   every revision, the client spawning the harness's stdio server
#   client-http/    the same over Streamable HTTP
# and sut/python-sdk/expected-failures.yml (scripts/sut_baseline.py).
# Usage: report.sh [FOLDER...]   (default: every folder; the baseline is rewritten from all of them)
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/python-sdk name=python-sdk
version=$(grep -o '^mcp==[0-9.]*' "$sut/requirements.txt" | cut -d= -f3)
source scripts/sut-report-lib.sh

"$sut/setup.sh" >&2
py=$sut/.venv/bin/python
[ "$("$py" -c 'import importlib.metadata as m; print(m.version("mcp"))')" = "$version" ] \
  || { echo "$name report: .venv has another mcp" >&2; exit 2; }

wanted() { [ $# -eq 0 ] || [[ " $* " == *" $folder "* ]]; }
folder=server-stdio; if wanted "$@"; then run_harness server-stdio server --command "$py $sut/server.py"; fi
folder=server-http; if wanted "$@"; then
  serve_http "$py" "$sut/server.py" --http 0
  run_harness server-http server --url "$http_url"
  stop_http
fi
folder=client-stdio; if wanted "$@"; then run_harness client-stdio client --command "$py $sut/client.py"; fi
folder=client-http; if wanted "$@"; then run_harness client-http client --command "$py $sut/client.py" --transport http; fi
python3 scripts/sut_baseline.py "$name" "$version" --package "mcp (Python SDK)"
