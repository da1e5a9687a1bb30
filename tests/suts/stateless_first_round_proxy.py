#!/usr/bin/env python3
"""A stdio proxy in front of a 2026-07-28 server (the rest of argv) whose first round carries no
requestState, as a server may ("The InputRequiredResult MAY include a requestState field",
mrtr.mdx): it takes the state out of every InputRequiredResult that asks the first question of
elicit_sequence, and puts it back into the retry that answers it (the server behind still needs
it). Everything else passes both ways unchanged. Later rounds keep their state as the server wrote
it, so a case that tampers with round 2's state still meets the server's own protection."""
import json
import subprocess
import sys
import threading

FIRST = "Step 1: your name?"
child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
held = {}  # the input request keys of a first round -> the state taken out of it


def asks_first_question(result):
    requests = result.get("inputRequests")
    return isinstance(requests, dict) and any(
        isinstance(r, dict) and isinstance(r.get("params"), dict) and r["params"].get("message") == FIRST
        for r in requests.values())


def from_child():
    for line in child.stdout:
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        result = message.get("result") if isinstance(message, dict) else None
        if isinstance(result, dict) and "requestState" in result and asks_first_question(result):
            held[frozenset(result["inputRequests"])] = result.pop("requestState")
            line = (json.dumps(message) + "\n").encode()
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()


threading.Thread(target=from_child, daemon=True).start()
for line in sys.stdin.buffer:
    try:
        message = json.loads(line)
    except ValueError:
        message = None
    params = message.get("params") if isinstance(message, dict) else None
    answers = params.get("inputResponses") if isinstance(params, dict) else None
    if isinstance(answers, dict) and "requestState" not in params and frozenset(answers) in held:
        params["requestState"] = held[frozenset(answers)]
        line = (json.dumps(message) + "\n").encode()
    child.stdin.write(line)
    child.stdin.flush()
child.stdin.close()
child.wait()
