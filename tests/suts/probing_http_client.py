#!/usr/bin/env python3
"""A client SUT that probes the Streamable HTTP endpoint it is given (the last argument, as the
harness gives a client its server) with requests a server must refuse, records each answer
(status, headers, body) to the JSON file LOG, and exits: the case it was run for fails, which is
not what the test reads (tests/test_harness_conformance.py judges the endpoint's answers).

Usage: probing_http_client.py LOG URL. Also usable against any endpoint (the reference server)."""
import http.client
import json
import sys

LOG, URL = sys.argv[1], sys.argv[-1]
hostport, _, path = URL.split("://", 1)[1].partition("/")
host, _, port = hostport.rpartition(":")
path = "/" + path
VERSION = __import__("os").environ.get("ELICIT_CONFORM_PROTOCOL_VERSION", "2025-11-25")
MODERN = VERSION == "2026-07-28"
META = {"io.modelcontextprotocol/protocolVersion": VERSION,
        "io.modelcontextprotocol/clientCapabilities": {}}


def request(method, body=None, raw=None, **headers):
    conn = http.client.HTTPConnection(host, int(port), timeout=5)
    h = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    h.update({k.replace("_", "-"): v for k, v in headers.items()})
    conn.request(method, path, body=raw if raw is not None else json.dumps(body) if body is not None else None,
                 headers=h)
    res = conn.getresponse()
    data = res.read(65536) if res.getheader("Content-Type", "").startswith("application/json") else b""
    conn.close()
    return {"status": res.status, "headers": dict(res.getheaders()), "body": data.decode("utf-8", "replace")}


def first_request(rid):
    if MODERN:
        return {"jsonrpc": "2.0", "id": rid, "method": "server/discover", "params": {"_meta": META}}
    return {"jsonrpc": "2.0", "id": rid, "method": "initialize",
            "params": {"protocolVersion": VERSION, "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}}


version_header = {"MCP_Protocol_Version": VERSION} if MODERN else {}
probes = {
    "origin-foreign": request("POST", first_request(1), Origin="http://evil.example", **version_header),
    "origin-foreign-get": request("GET", Origin="http://evil.example", Accept="text/event-stream"),
    "origin-null": request("POST", first_request(2), Origin="null", **version_header),
    "origin-loopback": request("POST", first_request(3), Origin=f"http://127.0.0.1:{port}", **version_header),
}
if MODERN:
    probes["get"] = request("GET", Accept="text/event-stream")
    probes["delete"] = request("DELETE")
else:
    probes["no-session"] = request("POST", {"jsonrpc": "2.0", "id": 4, "method": "tools/list"},
                                   MCP_Protocol_Version=VERSION)
    probes["unknown-session"] = request("POST", {"jsonrpc": "2.0", "id": 5, "method": "tools/list"},
                                        MCP_Protocol_Version=VERSION, Mcp_Session_Id="no-such-session")
    probes["not-json"] = request("POST", raw=b"not json", Mcp_Session_Id=probes["origin-loopback"]["headers"].get(
        "Mcp-Session-Id", "x"), MCP_Protocol_Version=VERSION)
# Where the endpoint listens: the local addresses of the listening sockets of its port.
bound = []
for table in ("/proc/net/tcp", "/proc/net/tcp6"):
    with open(table) as f:
        for row in f.readlines()[1:]:
            fields = row.split()
            address, _, hexport = fields[1].rpartition(":")
            if fields[3] == "0A" and int(hexport, 16) == int(port):
                bound.append(address)
probes["bound"] = {"status": 0, "headers": {}, "body": "", "addresses": bound}
with open(LOG, "w") as f:
    json.dump(probes, f)
