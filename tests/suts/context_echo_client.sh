#!/bin/sh
# A client that shows what the official suite's variables hold, on stderr (results.json keeps a
# client's stderr as sut_stderr), then does the MCP part with the reference client. $1 is the
# elicit-conform binary; the last argument is the server to reach (a stdio server or a URL).
printf 'MCP_CONFORMANCE_SCENARIO=%s\n' "$MCP_CONFORMANCE_SCENARIO" >&2
printf 'MCP_CONFORMANCE_CONTEXT=%s\n' "${MCP_CONFORMANCE_CONTEXT-(unset)}" >&2
for last; do :; done
exec "$1" reference client "$last"
