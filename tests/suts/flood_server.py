#!/usr/bin/env python3
"""A stdio server that answers initialize and tools/list properly and then sends 4 MiB
notifications as fast as the harness reads them: until it is stopped, or, given a count, that
many and then it exits (a flood of known size, for a harness too slow to reach its budget in a
case's timeout: the asan build on a loaded machine)."""
import json
import sys

TOOLS = {"tools": [{"name": n, "inputSchema": {"type": "object"}} for n in ("elicit", "require_url", "complete")]}
out = sys.stdout.buffer
for line in sys.stdin:
    message = json.loads(line)
    if message.get("method") == "initialize":
        result = {"protocolVersion": message["params"]["protocolVersion"], "capabilities": {"tools": {}},
                  "serverInfo": {"name": "flood", "version": "0"}}
        out.write(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}).encode() + b"\n")
        out.flush()
    elif message.get("method") == "tools/list":
        out.write(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": TOOLS}).encode() + b"\n")
        out.flush()
    elif message.get("method") == "tools/call":
        break
flood = json.dumps({"jsonrpc": "2.0", "method": "notifications/message",
                    "params": {"level": "info", "data": "x" * ((4 << 20) - 200)}}).encode() + b"\n"
count = int(sys.argv[1]) if len(sys.argv) > 1 else None
try:
    while count is None or count > 0:
        out.write(flood)
        count = count if count is None else count - 1
    out.flush()
except (BrokenPipeError, OSError):
    pass
