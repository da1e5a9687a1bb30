#!/usr/bin/env bash
# The SDK matrix's entry for the official TypeScript SDK v1: regenerates the pinned version's
# reports (reports/typescript-sdk/<pinned>/, matrix.md and sut/typescript/expected-failures.yml)
# with scripts/typescript-sdk-report.sh, which does the work (all versions: call it directly).
# Environment: ELICIT_CONFORM_BIN (default build/default/elicit-conform), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/../.."
pinned=$(node -p 'require("./sut/typescript/package.json").dependencies["@modelcontextprotocol/sdk"]')
JOBS=${JOBS:-2} exec scripts/typescript-sdk-report.sh "$pinned"
