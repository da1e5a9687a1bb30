#!/bin/sh
# A conformant server (the reference, $1) that writes megabytes to stderr while it works.
yes "stderr noise stderr noise stderr noise" | head -c 50000000 >&2 &
exec "$@"
