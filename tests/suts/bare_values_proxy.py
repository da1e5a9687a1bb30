#!/usr/bin/env python3
"""A stdio proxy in front of a peer under test (the rest of argv) that writes a line holding a bare
JSON value (`2`, `"x"`, `[]`, `null`, `true`, `[1,{}]`, in turn) before every line the peer writes:
JSON that parses but is no JSON-RPC message. Everything else passes both ways unchanged. Before
issue 31 one such line (`2`) crashed the release harness with SIGSEGV on every `expect` step."""
import subprocess
import sys
import threading

VALUES = [b"2", b'"x"', b"[]", b"null", b"true", b"[1,{}]"]
child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def from_child():
    for n, line in enumerate(child.stdout):
        sys.stdout.buffer.write(VALUES[n % len(VALUES)] + b"\n" + line)
        sys.stdout.buffer.flush()


threading.Thread(target=from_child, daemon=True).start()
for line in sys.stdin.buffer:
    child.stdin.write(line)
    child.stdin.flush()
child.stdin.close()
child.wait()
