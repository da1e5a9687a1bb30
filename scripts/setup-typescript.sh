#!/usr/bin/env bash
# Installs what the TypeScript SDK adapters (sut/typescript) need: node and npm from Debian when
# they are missing (Debian 12 ships node 18; the SDK needs >= 18), then sut/typescript/node_modules
# exactly as sut/typescript/package-lock.json pins it, with `npm ci`. Idempotent: nothing is
# fetched when node and npm are there and the installed tree is newer than the lock file.
set -euo pipefail
cd "$(dirname "$0")/../sut/typescript"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup-typescript: installing nodejs npm"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nodejs npm
fi
# npm writes node_modules/.package-lock.json after every install: newer than the lock = current.
if [ -f node_modules/.package-lock.json ] && [ node_modules/.package-lock.json -nt package-lock.json ] &&
   [ node_modules/.package-lock.json -nt package.json ]; then
  exit 0
fi
npm ci --no-audit --no-fund --loglevel=error
