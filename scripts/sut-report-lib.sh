# Shared by sut/*/report.sh (sourced, not run): install a sut's pinned packages, run the harness
# into reports/<name>/<version>/<folder>/, and serve an HTTP adapter for `server --url`.
#
# The caller sets: root (the repository), sut (sut/<name>, relative to root), name, version.
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).

bin=${ELICIT_CONFORM_BIN:-$root/build/default/elicit-conform}
jobs=${JOBS:-2}
[ -x "$bin" ] || { echo "$name report: no harness at $bin (scripts/setup.sh builds it)" >&2; exit 2; }

# npm ci when node_modules is missing or older than the lock file.
ensure_installed() {
  local dir=$root/$sut
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules" ]; then
    echo "$name report: npm ci in $sut" >&2
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >&2)
    touch "$dir/node_modules"
  fi
}

# installed_version PACKAGE: the version node_modules holds.
installed_version() {
  node -p "require('$root/$sut/node_modules/$1/package.json').version"
}

# run_harness FOLDER ROLE ARGS...: one harness run, reports (json, junit, md) in
# reports/<name>/<version>/FOLDER. Exit 0 and 1 are results; 2 and 3 mean no trustworthy report.
run_harness() {
  local folder=$1 role=$2
  shift 2
  local out=$root/reports/$name/$version/$folder status=0
  rm -rf "$out"
  mkdir -p "$out"
  echo "$name report: $version $folder" >&2
  (cd "$root" && "$bin" "$role" --cases "$root/cases" --report-dir "$out" --format json,junit,md -j "$jobs" "$@") \
    >"$out/console.txt" 2>&1 || status=$?
  if [ "$status" -ge 2 ]; then
    cat "$out/console.txt" >&2
    echo "$name report: the harness exited $status ($folder)" >&2
    exit "$status"
  fi
  rm -f "$out/console.txt"
}

# serve_http COMMAND...: starts an HTTP server that prints its URL (http://127.0.0.1:PORT/mcp) on a
# line of its own on stdout; sets http_url and http_pid. stop_http ends it (and is called on exit).
http_pid=
serve_http() {
  local urlfile
  urlfile=$(mktemp)
  "$@" >"$urlfile" 2>"$urlfile.err" &
  http_pid=$!
  http_url=
  for _ in $(seq 1 150); do
    http_url=$(grep -m1 -o '^http://127\.0\.0\.1:[0-9]*/mcp$' "$urlfile" 2>/dev/null || true)
    case $http_url in http://127.0.0.1:*) break ;; esac
    kill -0 "$http_pid" 2>/dev/null || break
    sleep 0.1
  done
  case $http_url in
    http://127.0.0.1:*) rm -f "$urlfile" "$urlfile.err" ;;
    *) cat "$urlfile.err" >&2; rm -f "$urlfile" "$urlfile.err"; stop_http
       echo "$name report: the HTTP server did not print its URL: $*" >&2; exit 3 ;;
  esac
}
stop_http() {
  if [ -n "$http_pid" ]; then
    kill "$http_pid" 2>/dev/null || true
    wait "$http_pid" 2>/dev/null || true
    http_pid=
  fi
}
trap stop_http EXIT
