#!/usr/bin/env python3
"""A recording SUT for the audit of what the harness writes (docs/harness-conformance.md): it sits
between two MCP peers, passes every byte both ways unchanged and records them, so that a test can
judge each side's wire against the rules it sends under (tests/test_harness_conformance.py).

  recording_proxy.py stdio LOGDIR CMD...        CMD is the server: what comes on our stdin is the
                                                client's, what CMD writes on its stdout the server's
  recording_proxy.py stdio-client LOGDIR CMD... CMD is a client whose last argument is the server
                                                command (the harness's relay): this proxy is put in
                                                between (as "stdio" around that command)
  recording_proxy.py http-server LOGDIR CMD...  CMD prints its Streamable HTTP URL as its first
                                                line; we print ours (a TCP proxy in front of it)
  recording_proxy.py http-client LOGDIR CMD...  CMD is a client whose last argument is the URL of
                                                the server (the harness's endpoint): it is given
                                                ours, a TCP proxy in front of that URL

Every proxy writes LOGDIR/<pid>.jsonl: a first line {"case", "revision", "mode"} (the case from
ELICIT_CONFORM_CASE, where the harness sets it), then one line per chunk: {"conn": n, "from":
"client"|"server", "data": base64}. Over stdio conn is 0 and a chunk is one line with its newline;
over HTTP each TCP connection (the harness sends Connection: close: one request each) has its own
number and a chunk is what one recv() gave. The stdio proxy also writes {"event": "eof"} when its
stdin closes and {"event": "sigterm"} when it gets SIGTERM (how the client ended the session)."""
import base64
import json
import os
import signal
import socket
import subprocess
import sys
import threading

MODE, LOGDIR, CMD = sys.argv[1], sys.argv[2], sys.argv[3:]
lock = threading.Lock()
log = open(os.path.join(LOGDIR, f"{os.getpid()}.jsonl"), "a", buffering=1)
log.write(json.dumps({"case": os.environ.get("ELICIT_CONFORM_CASE", ""),
                      "revision": os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSION", ""), "mode": MODE}) + "\n")


def record(conn, side, data):
    with lock:
        log.write(json.dumps({"conn": conn, "from": side, "data": base64.b64encode(data).decode()}) + "\n")


def event(name):
    with lock:
        log.write(json.dumps({"event": name}) + "\n")


def stdio(cmd):
    # How the client ends the session: {"event": "eof"} when our stdin closes, {"event": "sigterm"}
    # when a SIGTERM comes (the child, in our process group, gets its own and ends).
    signal.signal(signal.SIGTERM, lambda *_: event("sigterm"))
    child = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def from_server():
        for line in iter(child.stdout.readline, b""):
            record(0, "server", line)
            sys.stdout.buffer.write(line)
            sys.stdout.buffer.flush()
        sys.stdout.close()

    t = threading.Thread(target=from_server, daemon=True)
    t.start()
    for line in iter(sys.stdin.buffer.readline, b""):
        record(0, "client", line)
        try:
            child.stdin.write(line)
            child.stdin.flush()
        except BrokenPipeError:
            break
    else:
        event("eof")
    try:
        child.stdin.close()
    except BrokenPipeError:
        pass
    t.join(10)
    sys.exit(child.wait())


def pump(conn, a, b, side):
    """Copies a to b until a ends, recording; then half-closes b."""
    try:
        while True:
            data = a.recv(65536)
            if not data:
                break
            record(conn, side, data)
            b.sendall(data)
    except OSError:
        pass
    try:
        b.shutdown(socket.SHUT_WR)
    except OSError:
        pass


def tcp_proxy(host, port):
    """Listens on 127.0.0.1; each connection is joined to host:port. Returns our port."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    counter = [0]

    def serve():
        while True:
            down, _ = listener.accept()
            counter[0] += 1
            n = counter[0]
            try:
                up = socket.create_connection((host, port))
            except OSError:
                down.close()
                continue
            t1 = threading.Thread(target=pump, args=(n, down, up, "client"), daemon=True)
            t2 = threading.Thread(target=pump, args=(n, up, down, "server"), daemon=True)
            t1.start()
            t2.start()

    threading.Thread(target=serve, daemon=True).start()
    return listener.getsockname()[1]


def split_url(url):
    rest = url.split("://", 1)[1]
    hostport, _, path = rest.partition("/")
    host, _, port = hostport.rpartition(":")
    return host, int(port), "/" + path


if MODE == "stdio":
    stdio(CMD)
elif MODE == "stdio-client":
    # The harness's relay is the client's server command: put a recording "stdio" proxy around it.
    inner = os.path.join(LOGDIR, f"relay-{os.getpid()}.sh")
    with open(inner, "w") as f:
        f.write(f"#!/bin/sh\nexec {sys.executable} {os.path.abspath(__file__)} stdio {LOGDIR} {CMD[-1]}\n")
    os.chmod(inner, 0o755)
    sys.exit(subprocess.call(CMD[:-1] + [inner]))
elif MODE == "http-server":
    child = subprocess.Popen(CMD, stdout=subprocess.PIPE)
    host, port, path = split_url(child.stdout.readline().decode().strip())
    ours = tcp_proxy(host, port)
    print(f"http://127.0.0.1:{ours}{path}", flush=True)
    try:
        child.wait()
    except KeyboardInterrupt:
        child.kill()
elif MODE == "http-client":
    host, port, path = split_url(CMD[-1])
    ours = tcp_proxy(host, port)
    child = subprocess.Popen(CMD[:-1] + [f"http://127.0.0.1:{ours}{path}"])
    sys.exit(child.wait())
else:
    sys.exit(f"unknown mode {MODE}")
