#!/usr/bin/env python3
"""A stdio proxy that never lets the harness's settle pings (ids "elicit-conform-sync-N") through
to the SUT it wraps, so nothing answers them; the pings a case sends as its own steps pass.
argv[1] says which way the pings come: `in` (a server under test: the harness writes to our
stdin, the wrapped server is the rest of argv) or `out` (a client under test spawns us as its
stdio server, the rest of argv: the harness's relay; pings come from the relay). Everything else
passes both ways unchanged."""
import json
import subprocess
import sys
import threading

direction = sys.argv[1]
child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def is_ping(line):
    try:
        message = json.loads(line)
    except ValueError:
        return False
    return (isinstance(message, dict) and message.get("method") == "ping"
            and str(message.get("id", "")).startswith("elicit-conform-sync-"))


def pump(source, sink, drop):
    for line in source:
        if drop and is_ping(line):
            continue
        sink.write(line)
        sink.flush()


threading.Thread(target=pump, args=(child.stdout, sys.stdout.buffer, direction == "out"), daemon=True).start()
pump(sys.stdin.buffer, child.stdin, direction == "in")
child.stdin.close()
child.wait()
