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
# The tool it calls is the official one, by name: in elicitation-sep1034-client-defaults the SDKs'
# everything-clients look up test_client_elicitation_defaults in tools/list and throw "Test tool not
# found" without it (the TypeScript SDK's test/conformance/src/everythingClient.ts). The harness
# lists exactly the tool it names in ELICIT_CONFORM_TOOL, so that is the lookup here. (Their sep-2322
# client calls test_mrtr_* tools without looking them up; the harness takes the first call as the
# case's, whatever its name: here it calls the case's tool.)
if [ "$scenario" = elicitation-sep1034-client-defaults ] && [ "$ELICIT_CONFORM_TOOL" != test_client_elicitation_defaults ]; then
  echo "Error: Test tool not found: test_client_elicitation_defaults" >&2
  exit 1
fi
for last; do :; done
exec "$1" reference client "$last"
