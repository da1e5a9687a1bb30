"""A 2026-07-28 server whose adapter cannot play the contract's require_url (its SDK has no API for
it): it says SKIP and exits 77, as docs/adapter-contract.md lets an adapter do. Everything else it
answers as a minimal modern server: server/discover, tools/list, and a tool error for elicit."""
import json
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "skips-require-url", "version": "1"}}
TOOLS = [{"name": "elicit", "inputSchema": {"type": "object"}},
         {"name": "require_url", "inputSchema": {"type": "object"}}]

for line in sys.stdin:
    message = json.loads(line)
    if "id" not in message:
        continue
    method = message.get("method")
    if method == "server/discover":
        result = {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}}
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call" and message["params"].get("name") == "require_url":
        print("elicit-conform: SKIP: this SDK has no API for the URL-required error", file=sys.stderr, flush=True)
        sys.exit(77)
    elif method == "tools/call":
        result = {"isError": True, "content": [{"type": "text", "text": "not asking today"}]}
    else:
        print(json.dumps({"jsonrpc": "2.0", "id": message["id"],
                          "error": {"code": -32601, "message": "Method not found"}}), flush=True)
        continue
    print(json.dumps({"jsonrpc": "2.0", "id": message["id"],
                      "result": {"resultType": "complete", "_meta": INFO, **result}}), flush=True)
