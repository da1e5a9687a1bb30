#!/usr/bin/env python3
"""A 2026-07-28 stdio client (its server is the executable given as the last argument) that checks
the scripted user's form content against the requestedSchema's property types before it retries.
Content that does not fit abandons the call: no retry, exit 1, which the spec allows ("Servers MUST
NOT assume that clients will fulfill the inputRequests or retry the original request", mrtr.mdx).
With --no-validation it retries with whatever the user typed: the fault no-invalid-content catches."""
import json
import os
import subprocess
import sys

VERSION = "2026-07-28"
validate = "--no-validation" not in sys.argv
user = iter(json.loads(os.environ.get("ELICIT_CONFORM_USER", "[]")))
caps = json.loads(os.environ.get("ELICIT_CONFORM_CAPABILITIES", '{"form":{}}'))
meta = {"io.modelcontextprotocol/protocolVersion": VERSION,
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": caps},
        "io.modelcontextprotocol/clientInfo": {"name": "abandoning-client", "version": "0"}}
server = subprocess.Popen([sys.argv[-1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool}


def send(message):
    server.stdin.write(json.dumps(message) + "\n")
    server.stdin.flush()


def fits(content, schema):
    for name, prop in schema.get("properties", {}).items():
        if name in content and not isinstance(content[name], TYPES.get(prop.get("type"), object)):
            return False
    return all(name in content for name in schema.get("required", []))


def call(request_id, extra):
    send({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
          "params": {"name": os.environ["ELICIT_CONFORM_TOOL"], "arguments": {}, "_meta": meta, **extra}})


send({"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": meta}})
next_id = 2
for line in server.stdout:
    message = json.loads(line)
    if message.get("id") == 1:
        call(next_id, {})
        continue
    result = message.get("result", {})
    if result.get("resultType") != "input_required":
        sys.exit(0)
    responses = {}
    for key, request in result.get("inputRequests", {}).items():
        answer = next(user, {"action": "cancel"})
        schema = request.get("params", {}).get("requestedSchema", {})
        if validate and answer.get("action") == "accept" and not fits(answer.get("content", {}), schema):
            print(f"abandoning-client: {key}: the user's content does not fit the form; the call is abandoned",
                  file=sys.stderr)
            sys.exit(1)
        responses[key] = answer
    next_id += 1
    extra = {"inputResponses": responses}
    if "requestState" in result:
        extra["requestState"] = result["requestState"]
    call(next_id, extra)
