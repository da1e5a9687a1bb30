#!/usr/bin/env python3
"""A stdio proxy in front of a peer under test (argv after the fault's name) that breaks one rule
of the wire as a whole, a rule no single message shows (issue 31, item 2):

  wrong-id        answers every request with an id one higher than the request's (strings: "-x" appended)
  wrong-id-call   the same for tools/call only (initialize and the rest keep their ids)
  duplicate       writes every response twice
  leak            writes a notification no revision defines after every response
  schema          drops inputSchema from every tool of a tools/list result (schema.json requires it)
  none            changes nothing (the control: the proxy alone draws no finding)

Usage: wire_faults_proxy.py FAULT PEER [ARGS...]. Everything else passes both ways unchanged."""
import json
import subprocess
import sys
import threading

FAULT = sys.argv[1]
child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
methods = {}  # the method of each request the harness sent, by id (JSON text)
LEAK = b'{"jsonrpc":"2.0","method":"notifications/internal/debug","params":{"note":"cache warmed"}}\n'


def wrong(id_value):
    return id_value + 1 if isinstance(id_value, int) else f"{id_value}-x"


def rewrite(line):
    try:
        msg = json.loads(line)
    except ValueError:
        return [line]
    if not isinstance(msg, dict) or "method" in msg or "id" not in msg:
        return [line]
    method = methods.get(json.dumps(msg["id"]), "")
    if FAULT == "wrong-id" or (FAULT == "wrong-id-call" and method == "tools/call"):
        msg["id"] = wrong(msg["id"])
        return [json.dumps(msg).encode() + b"\n"]
    if FAULT == "duplicate":
        return [line, line]
    if FAULT == "leak":
        return [line, LEAK]
    if FAULT == "schema" and method == "tools/list" and isinstance(msg.get("result"), dict):
        for tool in msg["result"].get("tools", []):
            tool.pop("inputSchema", None)
        return [json.dumps(msg).encode() + b"\n"]
    return [line]


def from_child():
    for line in child.stdout:
        for out in rewrite(line):
            sys.stdout.buffer.write(out)
        sys.stdout.buffer.flush()


threading.Thread(target=from_child, daemon=True).start()
for line in sys.stdin.buffer:
    try:
        msg = json.loads(line)
        if isinstance(msg, dict) and "method" in msg and "id" in msg:
            methods[json.dumps(msg["id"])] = msg["method"]
    except ValueError:
        pass
    child.stdin.write(line)
    child.stdin.flush()
child.stdin.close()
child.wait()
