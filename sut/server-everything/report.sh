#!/usr/bin/env bash
# Regenerates reports/server-everything/<version>/ for the pinned
# @modelcontextprotocol/server-everything (package.json): a production server, not an adapter, run
# under `elicit-conform server --observe-tool` for each of its elicitation tools:
#   server-stdio/, server-http/   trigger-elicitation-request at 2025-06-18 and 2025-11-25,
#                                 trigger-url-elicitation at 2025-11-25 (URL mode is 2025-11-25's)
# Each observed tool and revision is one harness run in its own folder below those
# (<tool>-<revision>/). README.md says why these and not the others.
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (unused: one run
# observes one tool call).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/server-everything name=server-everything
version=$(node -p 'require("./sut/server-everything/package.json").dependencies["@modelcontextprotocol/server-everything"]')
source scripts/sut-report-lib.sh

ensure_installed
[ "$(installed_version @modelcontextprotocol/server-everything)" = "$version" ] ||
  { echo "server-everything report: node_modules has another version" >&2; exit 2; }
server=$sut/node_modules/@modelcontextprotocol/server-everything/dist/index.js

# observe TRANSPORT TOOL REVISION [TOOL-ARGS]
observe() {
  local transport=$1 tool=$2 revision=$3 args=${4:-'{}'} target
  if [ "$transport" = stdio ]; then target=(--command "node $server stdio"); else target=(--url "$http_url"); fi
  run_harness "server-$transport/$tool-$revision" server "${target[@]}" --revision "$revision" \
    --observe-tool "$tool" --tool-args "$args"
}
url_args='{"url":"https://example.com/connect","message":"Please open the link to complete this action."}'

rm -rf "reports/$name/$version/server-stdio" "reports/$name/$version/server-http"
for transport in stdio http; do
  if [ "$transport" = http ]; then
    PORT=0 serve_http node --import "./$sut/loopback.mjs" "$server" streamableHttp
  fi
  observe "$transport" trigger-elicitation-request 2025-06-18
  observe "$transport" trigger-elicitation-request 2025-11-25
  observe "$transport" trigger-url-elicitation 2025-11-25 "$url_args"
  stop_http
done
python3 scripts/sut_baseline.py "$name" "$version" --package @modelcontextprotocol/server-everything
