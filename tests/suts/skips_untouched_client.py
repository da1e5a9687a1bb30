#!/usr/bin/env python3
"""A stdio client (its server is the executable given as the last argument) that plays its scripted
user plainly, except a user who accepts a form untouched: like the TypeScript SDK 1.x adapter,
whose SDK fills in no defaults, it then says SKIP as the adapter contract says and exits 77."""
import json
import os
import subprocess
import sys

user = json.loads(os.environ.get("ELICIT_CONFORM_USER", "[]"))
server = subprocess.Popen([sys.argv[-1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def send(message):
    server.stdin.write(json.dumps(message) + "\n")
    server.stdin.flush()


caps = json.loads(os.environ.get("ELICIT_CONFORM_CAPABILITIES", '{"form":{}}'))
send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": {"protocolVersion": os.environ["ELICIT_CONFORM_PROTOCOL_VERSION"],
                 "capabilities": {"elicitation": caps}, "clientInfo": {"name": "skips-untouched", "version": "0"}}})
answers = iter(user)
for line in server.stdout:
    message = json.loads(line)
    if message.get("id") == 1 and "result" in message:
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
              "params": {"name": os.environ["ELICIT_CONFORM_TOOL"], "arguments": {}}})
    elif message.get("id") == 2:
        sys.exit(0)
    elif message.get("method") == "elicitation/create":
        answer = next(answers, {"action": "cancel"})
        if answer.get("action") == "accept" and "content" not in answer and \
                message.get("params", {}).get("mode", "form") == "form":
            print("elicit-conform: SKIP: this client's SDK fills in no defaults", file=sys.stderr)
            sys.exit(77)
        send({"jsonrpc": "2.0", "id": message["id"], "result": answer})
    elif "method" in message and "id" in message:
        send({"jsonrpc": "2.0", "id": message["id"], "result": {}})
