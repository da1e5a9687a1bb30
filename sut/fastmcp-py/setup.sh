#!/usr/bin/env bash
# Installs the pinned FastMCP (requirements.txt, every package with its --hash) into
# sut/fastmcp-py/.venv with the machine's python3 (3.11). Idempotent: does nothing when .venv
# already holds exactly this requirements.txt (its sha256 is kept in .venv/.requirements.sha256).
# Prints one line on success.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=$here/.venv
want=$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)
if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.requirements.sha256" 2>/dev/null)" = "$want" ]; then
  echo "fastmcp-py setup: up to date ($venv)"
  exit 0
fi
rm -rf "$venv"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! { python3 -m venv "$venv" &&
       "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
         --require-hashes --no-deps --only-binary=:all: -r "$here/requirements.txt"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "fastmcp-py setup: failed" >&2
  exit 1
fi
echo "$want" >"$venv/.requirements.sha256"
echo "fastmcp-py setup: installed $("$venv/bin/python" -c 'import importlib.metadata as m; print("fastmcp", m.version("fastmcp"), "mcp", m.version("mcp"))') into $venv"
