#!/usr/bin/env python3
"""A stdio proxy in front of a server under test (the rest of argv) that, whenever the harness
pings it, first sends a log notification of its own: a server that talks between cases. Everything
else passes both ways unchanged."""
import json
import subprocess
import sys
import threading

child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
out_lock = threading.Lock()
NOTE = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"pinged"}}\n'


def write(line):
    with out_lock:
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()


def from_child():
    for line in child.stdout:
        write(line)


threading.Thread(target=from_child, daemon=True).start()
for line in sys.stdin.buffer:
    try:
        message = json.loads(line)
    except ValueError:
        message = None
    if isinstance(message, dict) and message.get("method") == "ping":
        write(NOTE)
    child.stdin.write(line)
    child.stdin.flush()
child.stdin.close()
child.wait()
