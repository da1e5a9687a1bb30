#!/bin/sh
# A well-behaved peer: writes every line it reads back, exits 0 at EOF on stdin.
while IFS= read -r line; do
  printf '%s\n' "$line"
done
