#!/usr/bin/env python3
"""A stdio MCP server whose every answer carries strings that would be live in some report
format: HTML and script tags (also "</script>", which ends a script element wherever it is),
"]]>" (which ends a CDATA section), quotes, XML-illegal and C0/C1 control characters, a
bidirectional override, Markdown links; and raw lines that are not UTF-8 at all. The reports
must keep all of it as text (tests/test_reports.py)."""
import json
import sys

HOSTILE = ("</script><script>document.title='pwned'</script><img src=x onerror=alert(1)>"
           " ]]> <![CDATA[x]]> \"quoted\" 'single' &amp; \x00\x01\x1b[31m\x7f\u0085\u009b \u202eevil\u202c"
           " \ufffe\uffff [link](http://evil.example) <!-- -->")
out = sys.stdout.buffer


def send(message):
    out.write(json.dumps(message).encode() + b"\n")
    out.flush()


# Not UTF-8, control bytes and markup, before anything else: the transcript keeps it raw.
out.write(b"\xff\xfe\xc3( not utf-8 \x1b]0;title\x07 </script><script>alert(2)</script> ]]>\n")
out.flush()
sys.stderr.buffer.write(b"stderr \xff\xfe </script> ]]> \x1b[2J\n")
sys.stderr.flush()
for line in sys.stdin.buffer:
    try:
        msg = json.loads(line)
    except ValueError:
        continue
    method, ident = msg.get("method"), msg.get("id")
    if ident is None:
        continue
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": ident, "result": {
            "protocolVersion": msg["params"]["protocolVersion"], "capabilities": {"tools": {}},
            "serverInfo": {"name": "hostile " + HOSTILE, "version": "1.0 </td></tr></table>"}}})
    elif method == "tools/list":
        send({"jsonrpc": "2.0", "id": ident, "result": {"tools": [
            {"name": "elicit", "description": HOSTILE, "inputSchema": {"type": "object"}}]}})
    else:
        send({"jsonrpc": "2.0", "id": ident, "error": {"code": -32603, "message": HOSTILE}})
