#!/bin/sh
# Answers each line only after writing $1 bytes (default 50 MiB) of noise to stderr. A harness
# that does not drain stderr deadlocks: this script blocks on the full stderr pipe, never answers.
bytes=${1:-52428800}
while IFS= read -r line; do
  printf 'flood-begin\n' >&2
  yes 'stderr noise: the quick brown fox jumps over the lazy dog' | head -c "$bytes" >&2
  printf '\nflood-end\n' >&2
  printf '%s\n' "$line"
done
