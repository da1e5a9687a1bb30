#!/usr/bin/env python3
"""A server SUT whose tasks take a while to need their input: it sits in front of a server over
stdio (CMD) and passes every line both ways, except that the first K answers to tasks/get that say
"input_required" say "working" instead (a task still working, as a server whose tool has not yet
reached its elicitation says). A case that polls tasks/get (the `poll` step field) must ask again
to see input_required; one that asked once would not.

  slow_task_proxy.py K CMD..."""
import json
import subprocess
import sys
import threading

K, CMD = int(sys.argv[1]), sys.argv[2:]
child = subprocess.Popen(CMD, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
task_gets = set()  # ids (as JSON) of the tasks/get requests that came
lock = threading.Lock()


def from_server():
    rewritten = 0
    for line in iter(child.stdout.readline, b""):
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if isinstance(message, dict) and "method" not in message and isinstance(message.get("result"), dict):
            with lock:
                asked = json.dumps(message.get("id")) in task_gets
            if asked and message["result"].get("status") == "input_required" and rewritten < K:
                rewritten += 1
                message["result"]["status"] = "working"
                line = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()
    sys.stdout.close()


threading.Thread(target=from_server, daemon=True).start()
for line in iter(sys.stdin.buffer.readline, b""):
    try:
        message = json.loads(line)
    except ValueError:
        message = None
    if isinstance(message, dict) and message.get("method") == "tasks/get" and "id" in message:
        with lock:
            task_gets.add(json.dumps(message["id"]))
    child.stdin.write(line)
    child.stdin.flush()
child.stdin.close()
child.wait()
