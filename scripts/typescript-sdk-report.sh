#!/usr/bin/env bash
# Regenerates the published conformance reports of the MCP TypeScript SDK, in one command:
#
#   reports/typescript-sdk/<version>/{server,client}/{results.json,junit.xml,report.md}
#   reports/typescript-sdk/matrix.md            cases x versions, and what changed between them
#   sut/typescript/expected-failures.yml        the CI baseline, from the pinned version's results
#
# The pinned version (the one in sut/typescript/package.json) runs from sut/typescript itself
# (scripts/setup-typescript.sh, `npm ci`). Every other version is installed with `npm ci` from
# its own lock file, sut/typescript/versions/<version>/, into build/ts-sdk/<version>/, and the
# adapters are copied next to it, so that Node resolves the SDK from that folder.
#
# Usage: scripts/typescript-sdk-report.sh [VERSION ...]     (default: every version of the matrix)
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 4).
# Installs run one after the other (the machine is shared); harness runs use -j $JOBS.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

bin=${ELICIT_CONFORM_BIN:-$root/build/default/elicit-conform}
jobs=${JOBS:-4}
pinned=$(node -p 'require("./sut/typescript/package.json").dependencies["@modelcontextprotocol/sdk"]')
matrix=(1.13.0 1.18.0 1.22.0 1.24.0 "$pinned")
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=("${matrix[@]}")

[ -x "$bin" ] || { echo "typescript-sdk-report: no harness at $bin (scripts/setup.sh builds it)" >&2; exit 2; }

# Prints the folder (relative to the repository: reports name it) whose adapters run against SDK $1.
prepare() {
  local version=$1
  if [ "$version" = "$pinned" ]; then
    scripts/setup-typescript.sh >&2
    echo "sut/typescript"
    return
  fi
  local pins=$root/sut/typescript/versions/$version dir=$root/build/ts-sdk/$version
  [ -f "$pins/package-lock.json" ] || { echo "typescript-sdk-report: no lock file $pins/package-lock.json" >&2; exit 2; }
  mkdir -p "$dir"
  if ! cmp -s "$pins/package-lock.json" "$dir/package-lock.json" || [ ! -d "$dir/node_modules" ]; then
    cp "$pins/package.json" "$pins/package-lock.json" "$dir/"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >&2)
  fi
  cp "$root"/sut/typescript/*.mjs "$dir/"
  echo "build/ts-sdk/$version"
}

# An old SDK lacks APIs that cases need; its adapter then exits 77 after "elicit-conform: SKIP:
# <reason>" on stderr, and the case must come out SKIP, not FAIL. Check that this harness does so
# before publishing any old version's verdicts.
skips_supported() {
  local probe
  probe=$(mktemp -d)
  "$bin" server --cases "$root/cases" --command "sh -c 'echo \"elicit-conform: SKIP: probe\" >&2; exit 77'" \
    --case server.form.request-well-formed --revision 2025-11-25 --report-dir "$probe" >/dev/null 2>&1 || true
  grep -q '"status":"SKIP"' "$probe/results.json" 2>/dev/null
  local ok=$?
  rm -rf "$probe"
  return $ok
}
for version in "${versions[@]}"; do
  if [ "$version" != "$pinned" ] && ! skips_supported; then
    echo "typescript-sdk-report: $bin does not turn a SUT's exit status 77 into SKIP, so SDK $version's" \
         "missing APIs would read as failures; build a harness that does, or pass only $pinned" >&2
    exit 2
  fi
done

for version in "${versions[@]}"; do
  dir=$(prepare "$version")
  installed=$(node -p "require('$root/$dir/node_modules/@modelcontextprotocol/sdk/package.json').version")
  [ "$installed" = "$version" ] || { echo "typescript-sdk-report: $dir has SDK $installed, not $version" >&2; exit 2; }
  for role in server client; do
    out=$root/reports/typescript-sdk/$version/$role
    rm -rf "$out"
    mkdir -p "$out"
    echo "typescript-sdk-report: SDK $version, $role role" >&2
    status=0
    "$bin" "$role" --cases "$root/cases" --command "node $dir/$role.mjs" --report-dir "$out" --format json,junit,md -j "$jobs" \
      >"$out/console.txt" 2>&1 || status=$?
    # 0 all passed, 1 some case failed: both are results. 2 and 3 mean there is no trustworthy report.
    if [ "$status" -ge 2 ]; then
      cat "$out/console.txt" >&2
      echo "typescript-sdk-report: the harness exited $status for SDK $version ($role)" >&2
      exit "$status"
    fi
    rm -f "$out/console.txt"
  done
done

python3 scripts/typescript_matrix.py --reports reports/typescript-sdk --pinned "$pinned" \
  --baseline sut/typescript/expected-failures.yml "${matrix[@]}"
