#!/usr/bin/env python3
"""A client (the server's URL is its last argument) that POSTs one request whose chunked body
never ends: 1 MiB chunks, up to 1 GiB, as fast as the server takes them. It stops when the server
refuses or hangs up."""
import socket
import sys
import urllib.parse

url = urllib.parse.urlsplit(sys.argv[-1])
sock = socket.create_connection((url.hostname, url.port))
sock.sendall(f"POST {url.path} HTTP/1.1\r\nHost: {url.netloc}\r\nContent-Type: application/json\r\n"
             "Accept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n".encode())
chunk = b"100000\r\n" + b" " * (1 << 20) + b"\r\n"
try:
    for _ in range(1024):
        sock.sendall(chunk)
    sock.sendall(b"0\r\n\r\n")
    print(sock.recv(200).decode(errors="replace").splitlines()[0], file=sys.stderr)
except OSError as e:
    print(f"the server stopped the body: {e}", file=sys.stderr)
