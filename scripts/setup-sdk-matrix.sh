#!/usr/bin/env bash
# Installs the pinned packages of every implementation of the SDK matrix and builds its adapters:
# `npm ci` in each sut/*/ that has a package-lock.json (when node_modules is missing or older than
# the lock file), then each sut/*/setup.sh (Python venvs from hashed requirements, Go and Rust
# builds, the Java jar; each does nothing when current). Idempotent; run only when called
# (scripts/setup.sh does not). Each step prints its seconds, so CI's time has a measurement.
#
# Usage: scripts/setup-sdk-matrix.sh [NAME ...]    (default: every sut/*/ with a lock file or setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v npm >/dev/null || { echo "setup-sdk-matrix: npm is needed (Debian: apt-get install nodejs npm)" >&2; exit 2; }

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for dir in sut/*/; do
    dir=${dir%/}
    [ -f "$dir/package-lock.json" ] || [ -x "$dir/setup.sh" ] && names+=("$(basename "$dir")")
  done
fi
for name in "${names[@]}"; do
  dir=sut/$name
  [ -f "$dir/package-lock.json" ] || [ -x "$dir/setup.sh" ] || { echo "setup-sdk-matrix: $dir has no package-lock.json or setup.sh" >&2; exit 2; }
  started=$(date +%s)
  if [ -x "$dir/setup.sh" ]; then
    "$dir/setup.sh"
  elif [ -d "$dir/node_modules" ] && [ ! "$dir/package-lock.json" -nt "$dir/node_modules" ]; then
    echo "setup-sdk-matrix: $dir is installed"
  else
    echo "setup-sdk-matrix: npm ci in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    touch "$dir/node_modules"
  fi
  echo "setup-sdk-matrix: $name took $(( $(date +%s) - started )) s"
done
