#!/usr/bin/env bash
# Layers import downward only (docs/architecture.md): a file in harness/<layer>/ may include headers of
# its own layer and of the layers below it, never above. Layers of one rank (written "a|b") sit
# beside each other: neither includes the other. Exit 1 with each offending line.
set -euo pipefail
root=${1:-$(dirname "$0")/../harness}
order=(core spec schema transport cases "sut_fuzzer|report" "run|reference" cli)
rank() {
  local i layer
  for i in "${!order[@]}"; do
    IFS='|' read -ra layers <<<"${order[$i]}"
    for layer in "${layers[@]}"; do [ "$layer" = "$1" ] && echo "$i" && return; done
  done
  echo -1
}

status=0
for dir in $(tr '|' ' ' <<<"${order[*]}"); do
  [ -d "$root/$dir" ] || continue
  mine=$(rank "$dir")
  while IFS= read -r hit; do
    file=${hit%%:*}
    header=$(sed -E 's/.*#include "([a-z_]+)\/.*/\1/' <<<"${hit#*:}")
    theirs=$(rank "$header")
    if [ "$theirs" -gt "$mine" ]; then
      echo "layer violation: $file includes $header/ (above $dir/)"
      status=1
    elif [ "$theirs" -eq "$mine" ] && [ "$header" != "$dir" ]; then
      echo "layer violation: $file includes $header/ (beside $dir/)"
      status=1
    fi
  done < <(grep -rHn '#include "[a-z_]*/' "$root/$dir" || true)
done
[ $status -eq 0 ] && echo "layers: every include points downward"
exit $status
