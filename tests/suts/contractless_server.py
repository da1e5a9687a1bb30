#!/usr/bin/env python3
"""A server that comes up properly (initialize, tools/list) and then does one thing (argv[1]),
over stdio or, with --http, over Streamable HTTP (JSON answers; it prints its URL as the first
line):

  no-tools               lists no tool at all: none of the adapter contract's tools
  declines               lists the contract's tools and answers every call with a tool error whose
                         text is "elicit-conform: SKIP: <reason>", the adapter contract's explicit skip
  never-elicits          lists the contract's tools and answers every call with a plain result, without
                         ever sending elicitation/create (an SDK that cannot, and does not say so)
  answers-notifications  answers every notification but notifications/initialized with a result
                         whose id is 1 (the id of initialize, answered long before): over stdio a
                         line, over HTTP a 200 whose JSON body is that response
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE = sys.argv[1]
CONTRACT = ["elicit", "require_url", "complete"]


def answer(message):
    method, mid = message.get("method"), message.get("id")
    if MODE == "answers-notifications" and method and "id" not in message and method != "notifications/initialized":
        return {"jsonrpc": "2.0", "id": 1, "result": {}}
    if mid is None or method is None:
        return None  # a notification or a response: nothing to say
    if method == "initialize":
        version = message.get("params", {}).get("protocolVersion", "2025-11-25")
        result = {"protocolVersion": version, "capabilities": {"tools": {}},
                  "serverInfo": {"name": f"contractless-{MODE}", "version": "1"}}
    elif method == "tools/list":
        names = [] if MODE == "no-tools" else CONTRACT
        result = {"tools": [{"name": n, "inputSchema": {"type": "object"}} for n in names]}
    elif method == "tools/call" and MODE == "never-elicits":
        result = {"content": [{"type": "text", "text": "done, without asking anybody"}]}
    elif method == "tools/call":
        result = {"isError": True,
                  "content": [{"type": "text", "text": "elicit-conform: SKIP: this SDK has no elicitation API"}]}
    elif method == "ping":
        result = {}
    else:
        return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "Method not found"}}
    return {"jsonrpc": "2.0", "id": mid, "result": result}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        reply = answer(json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0")))))
        body = b"" if reply is None else json.dumps(reply).encode()
        self.send_response(202 if reply is None else 200)
        if reply is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.send_response(405)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_DELETE = do_GET


if "--http" in sys.argv:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(f"http://127.0.0.1:{server.server_address[1]}/mcp", flush=True)
    server.serve_forever()
else:
    for line in sys.stdin:
        reply = answer(json.loads(line))
        if reply is not None:
            print(json.dumps(reply), flush=True)
