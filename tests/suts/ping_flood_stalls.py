#!/usr/bin/env python3
"""A client that floods its stdio server (the harness's relay, its last argument) with 1,500 pings
before notifications/initialized, each with a 1 KiB id, then calls the tool and never reads
again: the answers to the pings back up through the relay into the harness's socket, and every
write the harness makes blocks."""
import json
import os
import subprocess
import sys
import time

server = subprocess.Popen([sys.argv[-1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
caps = os.environ.get("ELICIT_CONFORM_CAPABILITIES", "none")
capabilities = {} if caps == "none" else {"elicitation": json.loads(caps)}


def send(message):
    server.stdin.write(json.dumps(message).encode() + b"\n")
    server.stdin.flush()


send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
      "params": {"protocolVersion": os.environ["ELICIT_CONFORM_PROTOCOL_VERSION"], "capabilities": capabilities,
                 "clientInfo": {"name": "ping-flood", "version": "1"}}})
server.stdout.readline()
for n in range(1500):
    send({"jsonrpc": "2.0", "id": f"{n:06d}-" + "p" * 1024, "method": "ping"})
send({"jsonrpc": "2.0", "method": "notifications/initialized"})
send({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
      "params": {"name": os.environ.get("ELICIT_CONFORM_TOOL", "elicitation_case"), "arguments": {}}})
time.sleep(int(os.environ.get("EC_TEST_SLEEP", "6177")))
