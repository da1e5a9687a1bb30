#!/bin/sh
# Leaves a grandchild that ignores SIGTERM and holds stdout and stderr open; the grandchild
# prints its pid once its trap is set. Then sleeps. With the argument "stubborn" this script
# (and so everything it starts) ignores SIGTERM as well.
if [ "${1:-}" = stubborn ]; then
  trap '' TERM
fi
sh -c 'trap "" TERM; printf "grandchild %s\n" "$$"; exec sleep 600' &
exec sleep 600
