#!/usr/bin/env python3
"""A stdio server wrapper (argv[1]: how many pings; the rest: the real stdio server, the harness's
relay) that a conformant client spawns: it passes everything through, except that right before
the client's notifications/initialized it sends the server a burst of pings, whose answers it
swallows. A burst is legal (ping may be sent at any time); the harness must answer it and still
see the initialized notification in time."""
import json
import subprocess
import sys
import threading

count = int(sys.argv[1])
server = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
ours = set()


def to_client():
    for line in server.stdout:
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if isinstance(message, dict) and "method" not in message and message.get("id") in ours:
            continue  # the answer to one of our pings
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()


threading.Thread(target=to_client, daemon=True).start()
for line in sys.stdin.buffer:
    try:
        message = json.loads(line)
    except ValueError:
        message = None
    if isinstance(message, dict) and message.get("method") == "notifications/initialized":
        burst = []
        for n in range(count):
            ours.add(f"burst-{n}")
            burst.append(json.dumps({"jsonrpc": "2.0", "id": f"burst-{n}", "method": "ping"}).encode() + b"\n")
        server.stdin.write(b"".join(burst))
    server.stdin.write(line)
    server.stdin.flush()
server.stdin.close()
server.wait()
