#!/usr/bin/env python3
"""A Streamable HTTP "server" that answers initialize properly and then misbehaves in one way
(argv[1]); it listens on 127.0.0.1 with an ephemeral port and prints its URL as the first line.

  endless-stream   answers every later request with an event stream of comments that never ends
  huge-event       sends an event over the harness's 4 MiB limit before the real response
  drop-mid-event   starts an event and drops the connection in the middle of it
  error-500        answers every later request with 500 and an HTML page
  html             answers everything, initialize included, with 200 and an HTML page
  hostile-reason   answers every later request with 500 and, as its reason phrase, the bytes of
                   the file $EC_TEST_REASON_FILE (words chosen to break reports and terminals)
"""
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE = sys.argv[1]
TOOLS = {"tools": [{"name": n, "inputSchema": {"type": "object"}} for n in ("elicit", "require_url", "complete")]}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, ctype, body, extra=()):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def stream_head(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()

    def do_GET(self):
        self.reply(405, "text/plain", b"no GET stream")

    def do_DELETE(self):
        self.reply(200, "text/plain", b"")

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if MODE == "html":
            return self.reply(200, "text/html", b"<!doctype html><title>Login</title><h1>Please sign in</h1>")
        msg = json.loads(body)
        if "id" not in msg or "method" not in msg:
            return self.reply(202, "text/plain", b"")
        if msg["method"] == "initialize":
            result = {"protocolVersion": msg["params"]["protocolVersion"], "capabilities": {"tools": {}},
                      "serverInfo": {"name": "hostile", "version": "0"}}
            out = json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}).encode()
            return self.reply(200, "application/json", out, [("Mcp-Session-Id", "hostile-session")])
        response = json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": TOOLS}).encode()
        try:
            if MODE == "hostile-reason":
                with open(os.environ["EC_TEST_REASON_FILE"], "rb") as f:
                    phrase = f.read()
                self.wfile.write(b"HTTP/1.1 500 " + phrase + b"\r\nContent-Type: text/plain\r\n"
                                 b"Content-Length: 0\r\nConnection: close\r\n\r\n")
            elif MODE == "error-500":
                self.reply(500, "text/html", b"<html><body><h1>500 Internal Server Error</h1></body></html>")
            elif MODE == "endless-stream":
                self.stream_head()
                while True:
                    self.wfile.write(b": still thinking\n\n")
                    self.wfile.flush()
                    time.sleep(0.05)
            elif MODE == "huge-event":
                self.stream_head()
                self.wfile.write(b"data: " + b"x" * (5 << 20) + b"\n\n")
                self.wfile.write(b"data: " + response + b"\n\n")
            elif MODE == "drop-mid-event":
                self.stream_head()
                self.wfile.write(b"data: " + response[:20])
                self.wfile.flush()
                self.close_connection = True
        except (BrokenPipeError, ConnectionResetError):
            pass  # the harness hung up: that is its right


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(f"http://127.0.0.1:{server.server_address[1]}/mcp", flush=True)
server.serve_forever()
