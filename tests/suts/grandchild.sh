#!/bin/sh
# A conformant server (the reference, $@) that leaves a grandchild ignoring SIGTERM behind.
sh -c 'trap "" TERM; exec sleep "${EC_TEST_SLEEP:-6174}"' &
exec "$@"
