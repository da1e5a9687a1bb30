#!/usr/bin/env bash
# Sets up a new machine and builds the `default` preset: dependencies from Debian, configure,
# build with -j2. Pass --asan to also build the ASan+UBSan preset. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --browser  # the tests render report.html in headless Chromium
scripts/setup-typescript.sh  # node, npm and the TypeScript SDK adapters (sut/typescript), npm ci
presets=(default)
[ "${1:-}" = "--asan" ] && presets+=(asan)
for preset in "${presets[@]}"; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
done
