#!/bin/bash -eu
# ClusterFuzzLite's entry point (the Dockerfile copies it to $SRC/build.sh and runs it in
# $SRC/elicit-conform): the real build is fuzz/build.sh, which OSS-Fuzz would run too.
exec "$SRC/elicit-conform/fuzz/build.sh"
