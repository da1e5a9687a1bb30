#!/usr/bin/env bash
# Builds the rmcp adapters (sut/rmcp/target/release/{server,client}) from the pinned Cargo.lock:
# `cargo build --release --locked -j 1` (one job: CI's machine has 2 cores shared with the rest).
# Idempotent: cargo does nothing when the binaries are current. Prints one line on success.
# Environment: CARGO_BUILD_JOBS (default 1).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v cargo >/dev/null || { echo "rmcp setup: cargo is not installed" >&2; exit 2; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$SECONDS
if ! cargo build --manifest-path "$here/Cargo.toml" --release --locked -j "${CARGO_BUILD_JOBS:-1}" >"$log" 2>&1; then
  cat "$log" >&2
  echo "rmcp setup: cargo build failed" >&2
  exit 1
fi
version=$(sed -n '/^name = "rmcp"$/{n;s/^version = "\(.*\)"$/\1/p;}' "$here/Cargo.lock")
echo "rmcp setup: rmcp $version adapters in ${CARGO_TARGET_DIR:-sut/rmcp/target}/release ($((SECONDS - start)) s)"
