#!/bin/sh
# A client command written for the official conformance suite: the server's URL is the last
# argument and the scenario comes in MCP_CONFORMANCE_SCENARIO; it refuses to run otherwise.
# $1 is the elicit-conform binary, whose reference client does the MCP part.
[ -n "$MCP_CONFORMANCE_SCENARIO" ] || { echo "MCP_CONFORMANCE_SCENARIO is not set" >&2; exit 9; }
for last; do :; done
case "$last" in http://127.0.0.1:*/mcp) ;; *) echo "the last argument is not the server URL: $last" >&2; exit 9;; esac
[ -z "$EC_TEST_URL_LOG" ] || echo "$last" >> "$EC_TEST_URL_LOG"
# A test that must act on the endpoint while the case runs names a file it writes once it has
# (EC_TEST_WAIT_FOR): the client starts then, or after 5 s. Without it a fast case could end, and
# its endpoint close, before the test got to it.
if [ -n "$EC_TEST_WAIT_FOR" ]; then
  tries=0
  while [ ! -e "$EC_TEST_WAIT_FOR" ] && [ "$tries" -lt 50 ]; do sleep 0.1; tries=$((tries + 1)); done
fi
exec "$1" reference client "$last"
