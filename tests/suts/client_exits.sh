#!/bin/sh
# A client that crashes at once.
echo "client: fatal: could not load config" >&2
exit 7
