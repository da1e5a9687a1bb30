#!/usr/bin/env python3
"""A server that supports only revision 2024-11-05: it answers initialize with that version, as the
lifecycle asks of a server that does not support the requested one, and nothing else."""
import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message.get("method") == "initialize":
        print(json.dumps({"jsonrpc": "2.0", "id": message["id"],
                          "result": {"protocolVersion": "2024-11-05", "capabilities": {"tools": {}},
                                     "serverInfo": {"name": "old", "version": "1"}}}), flush=True)
