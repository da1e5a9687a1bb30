#!/usr/bin/env bash
# Installs the pinned packages of every implementation of the SDK matrix: `npm ci` in each sut/*/
# that has a package-lock.json, when its node_modules is missing or older than the lock file.
# Idempotent (a second call installs nothing); run only when called (scripts/setup.sh does not).
#
# Usage: scripts/setup-sdk-matrix.sh [NAME ...]    (default: every sut/*/ with a lock file)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v npm >/dev/null || { echo "setup-sdk-matrix: npm is needed (Debian: apt-get install nodejs npm)" >&2; exit 2; }

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for lock in sut/*/package-lock.json; do names+=("$(basename "$(dirname "$lock")")"); done
fi
for name in "${names[@]}"; do
  dir=sut/$name
  [ -f "$dir/package-lock.json" ] || { echo "setup-sdk-matrix: no $dir/package-lock.json" >&2; exit 2; }
  if [ -d "$dir/node_modules" ] && [ ! "$dir/package-lock.json" -nt "$dir/node_modules" ]; then
    echo "setup-sdk-matrix: $dir is installed"
    continue
  fi
  echo "setup-sdk-matrix: npm ci in $dir"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  touch "$dir/node_modules"
done
