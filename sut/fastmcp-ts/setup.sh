#!/usr/bin/env bash
# Installs the pinned packages of this adapter (package-lock.json) into node_modules/: `npm ci` when
# node_modules is missing or older than the lock file, nothing otherwise. Prints one line.
set -euo pipefail
cd "$(dirname "$0")"
name=$(basename "$PWD")
command -v npm >/dev/null || { echo "$name setup: npm is needed (Node 20)" >&2; exit 2; }
if [ -d node_modules ] && [ ! package-lock.json -nt node_modules ]; then
  echo "$name setup: up to date"
  exit 0
fi
npm ci --no-audit --no-fund --loglevel=error >&2
touch node_modules
echo "$name setup: installed $(node -p 'Object.entries(require("./package.json").dependencies).map(([k, v]) => k + "@" + v).join(" ")')"
