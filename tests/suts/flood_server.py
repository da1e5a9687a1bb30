#!/usr/bin/env python3
"""A stdio server that answers initialize and tools/list properly and then sends 4 MiB
notifications as fast as the harness reads them, until it is stopped."""
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
try:
    while True:
        out.write(flood)
except (BrokenPipeError, OSError):
    pass
