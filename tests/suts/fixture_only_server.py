#!/usr/bin/env python3
"""An SDK's fixture for the official suite, and nothing more: the reference server (argv[1] is the
elicit-conform binary) behind a stdio proxy that lists only the official suite's fixture tools
(test_elicitation, test_elicitation_sep1034_defaults, test_elicitation_sep1330_enums) and answers a
call of any other tool as an unknown tool, as an official everything-server does."""
import json
import subprocess
import sys
import threading

FIXTURE = {"test_elicitation", "test_elicitation_sep1034_defaults", "test_elicitation_sep1330_enums"}

child = subprocess.Popen([sys.argv[1], "reference", "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
lists = set()  # ids of our client's tools/list requests
lock = threading.Lock()


def write(line):
    with lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def from_server():
    for raw in child.stdout:
        line = raw.decode("utf-8", "replace").rstrip("\n")
        try:
            message = json.loads(line)
        except ValueError:
            write(line)
            continue
        if isinstance(message, dict) and json.dumps(message.get("id")) in lists and "result" in message:
            tools = message["result"].get("tools", [])
            message["result"]["tools"] = [t for t in tools if t.get("name") in FIXTURE]
            line = json.dumps(message)
        write(line)
    sys.stdout.close()


threading.Thread(target=from_server, daemon=True).start()
for line in sys.stdin:
    try:
        message = json.loads(line)
    except ValueError:
        message = None
    if isinstance(message, dict) and message.get("method") == "tools/list":
        lists.add(json.dumps(message.get("id")))
    if (isinstance(message, dict) and message.get("method") == "tools/call"
            and message.get("params", {}).get("name") not in FIXTURE):
        name = message.get("params", {}).get("name")
        write(json.dumps({"jsonrpc": "2.0", "id": message.get("id"),
                          "error": {"code": -32602, "message": f"Unknown tool: {name}"}}))
        continue
    child.stdin.write(line.encode())
    child.stdin.flush()
child.stdin.close()
child.wait()
