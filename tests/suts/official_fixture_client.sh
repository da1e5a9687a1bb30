#!/bin/sh
# A client written like an SDK's conformance everything-client for the official suite: it knows
# the official scenarios by name (a registry, as the TypeScript SDK's test/conformance
# everythingClient.ts has) and refuses any other name with "Unknown scenario", exit 1. The server's
# URL is its last argument. $1 is the elicit-conform binary, whose reference client does the MCP part.
scenario="$MCP_CONFORMANCE_SCENARIO"
case "$scenario" in
  initialize|tools_call|elicitation-sep1034-client-defaults|sep-2322-client-request-state|sse-retry) ;;
  *)
    echo "Unknown scenario: $scenario" >&2
    exit 1
    ;;
esac
# The context names the same scenario as the variable, as the official runner gives it.
case "$MCP_CONFORMANCE_CONTEXT" in
  *"\"name\":\"$scenario\""*) ;;
  *) echo "MCP_CONFORMANCE_CONTEXT does not name $scenario: $MCP_CONFORMANCE_CONTEXT" >&2; exit 1;;
esac
for last; do :; done
exec "$1" reference client "$last"
