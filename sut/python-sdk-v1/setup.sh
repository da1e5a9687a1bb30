#!/usr/bin/env bash
# Installs this adapter's pinned Python packages (requirements.txt, every one with its hashes) into
# .venv/ beside this script, with the machine's python3 (3.11). Idempotent: does nothing when .venv
# was built from the current requirements.txt (.venv/.requirements.sha256 records which).
# Prints one line on success.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
name=$(basename "$here")
want=$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)
if [ -x "$here/.venv/bin/python" ] && [ "$(cat "$here/.venv/.requirements.sha256" 2>/dev/null)" = "$want" ]; then
  echo "$name setup: .venv is current"
  exit 0
fi
rm -rf "$here/.venv"
python3 -m venv "$here/.venv"
"$here/.venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes \
  -r "$here/requirements.txt" >&2
echo "$want" >"$here/.venv/.requirements.sha256"
echo "$name setup: installed $(grep -m1 -o '^mcp==[0-9.]*' "$here/requirements.txt") into sut/$name/.venv"
