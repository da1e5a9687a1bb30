#!/usr/bin/env python3
"""A client that supports only revision 2024-11-05: it spawns the stdio server it is given (its last
argument), asks for that version in initialize and waits for the answer."""
import json
import subprocess
import sys

server = subprocess.Popen([sys.argv[-1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                               "params": {"protocolVersion": "2024-11-05", "capabilities": {"elicitation": {}},
                                          "clientInfo": {"name": "old", "version": "1"}}}) + "\n")
server.stdin.flush()
server.stdout.readline()
