#!/usr/bin/env python3
"""A stdio proxy in front of a server under test (the rest of argv) that takes back what the
adapter contract lets a server say of itself: every tool's `_meta` is dropped from a tools/list
result (no "io.elicit-conform/state-protected" declaration) and a prompts/list result lists no
prompt (no elicit_prompt). Everything else passes both ways unchanged. Behind it the reference
server is one that neither offers the contract's prompt nor declares its state protected."""
import json
import subprocess
import sys
import threading

child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def from_child():
    for line in child.stdout:
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        result = message.get("result") if isinstance(message, dict) else None
        if isinstance(result, dict) and isinstance(result.get("tools"), list):
            for tool in result["tools"]:
                if isinstance(tool, dict):
                    tool.pop("_meta", None)
            line = json.dumps(message).encode() + b"\n"
        elif isinstance(result, dict) and isinstance(result.get("prompts"), list):
            result["prompts"] = []
            line = json.dumps(message).encode() + b"\n"
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()


threading.Thread(target=from_child, daemon=True).start()
for line in sys.stdin.buffer:
    child.stdin.write(line)
    child.stdin.flush()
child.stdin.close()
child.wait()
