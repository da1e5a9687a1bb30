#!/usr/bin/env bash
# Builds the mcp-go adapters into sut/mcp-go/bin/ (server, client) with the modules go.sum pins
# (downloaded from the Go module proxy into the module cache when missing). Idempotent: does
# nothing when both binaries are newer than every source and go.mod/go.sum. One line on success.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
command -v go >/dev/null || { echo "mcp-go setup: go is not installed" >&2; exit 2; }
current=1
for b in bin/server bin/client; do
  [ -x "$b" ] || { current=0; break; }
  if [ -n "$(find go.mod go.sum cmd -newer "$b" -print -quit)" ]; then current=0; break; fi
done
if [ "$current" = 1 ]; then
  echo "mcp-go setup: bin/ is current"
  exit 0
fi
export GOFLAGS="-mod=readonly ${GOFLAGS:-}"
go mod download >&2
go build -p 1 -trimpath -o bin/server ./cmd/server >&2
go build -p 1 -trimpath -o bin/client ./cmd/client >&2
echo "mcp-go setup: built bin/server and bin/client ($(go list -m -f '{{.Version}}' github.com/mark3labs/mcp-go))"
