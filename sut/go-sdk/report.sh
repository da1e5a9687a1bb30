#!/usr/bin/env bash
# Regenerates reports/go-sdk/<version>/ for the pinned github.com/modelcontextprotocol/go-sdk
# (go.mod), every revision each case lists:
#   server-stdio-push, server-stdio-input-required   bin/server --api push|input-required (stdio)
#   server-http-push, server-http-input-required     bin/server --api ... --http 0 (Streamable HTTP)
#   client-stdio, client-http                         bin/client
# and sut/go-sdk/expected-failures.yml (scripts/sut_baseline.py).
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD sut=sut/go-sdk name=go-sdk
"$sut/setup.sh" >&2
version=$(cd "$sut" && go list -m -f '{{.Version}}' github.com/modelcontextprotocol/go-sdk)
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
python3 scripts/sut_baseline.py "$name" "$version" --package github.com/modelcontextprotocol/go-sdk
# A verdict that is the suite's mistake is not baselined: the cases of suite-defects.txt leave.
python3 - "$sut/suite-defects.txt" "$sut/expected-failures.yml" <<'PY'
import re, sys
defects = {l.strip() for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")}
lines = open(sys.argv[2]).read().splitlines()
kept = [l for l in lines if not (m := re.match(r"^  - ([^:]+):", l)) or m.group(1) not in defects]
out = []
for i, line in enumerate(kept):
    following = kept[i + 1] if i + 1 < len(kept) else ""
    if re.match(r"^(server|client):$", line) and not following.startswith("  - "):
        line += " []"
    out.append(line)
out.insert(3, "# The cases of suite-defects.txt (the suite's mistakes, see FINDINGS.md) are left out.")
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
