"""A 2026-07-28 server whose tools all say SKIP in their result (an adapter API that cannot play
the modern wire, like the go-sdk adapter's push API), whatever the request's _meta: it serves a
request without a protocol version too, which it should have refused with -32602 first."""
import json
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "skips-every-call", "version": "1"}}
TOOLS = [{"name": "elicit", "inputSchema": {"type": "object"}}]
SKIP = {"isError": True, "content": [{"type": "text", "text": "elicit-conform: SKIP: this API cannot elicit on 2026-07-28"}]}

for line in sys.stdin:
    message = json.loads(line)
    if "id" not in message:
        continue
    method = message.get("method")
    if method == "server/discover":
        result = {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}}
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call":
        result = SKIP
    else:
        print(json.dumps({"jsonrpc": "2.0", "id": message["id"],
                          "error": {"code": -32601, "message": "Method not found"}}), flush=True)
        continue
    print(json.dumps({"jsonrpc": "2.0", "id": message["id"],
                      "result": {"resultType": "complete", "_meta": INFO, **result}}), flush=True)
