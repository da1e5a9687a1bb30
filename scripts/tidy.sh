#!/usr/bin/env bash
# clang-tidy, with the checks of .clang-tidy, on the C++ sources of harness/, fuzz/ and bench/
# (not the unit tests). CI runs it on the files the last commit changed (.ci/run); the whole tree
# takes about 8 CPU-minutes here, so it is run by hand after a change of .clang-tidy.
#
#   scripts/tidy.sh [--build DIR] [--changed REV | --all | FILE...]    (default: --changed HEAD~1)
#
# A changed header is checked through the .cpp beside it of the same name. A file that the build
# does not compile (a fuzz target outside the fuzz preset) is named and left out.
# Exit: 0 clean, 1 findings (each is printed), 2 usage, 77 no clang-tidy 14 or no build.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/default
mode=changed
rev=HEAD~1
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=${2:?--build needs a folder}; shift 2 ;;
    --changed) mode=changed; rev=${2:?--changed needs a revision}; shift 2 ;;
    --all) mode=all; shift ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "tidy: unknown option $1" >&2; exit 2 ;;
    *) mode=files; files+=("$1"); shift ;;
  esac
done
tool=$(command -v clang-tidy-14 || command -v clang-tidy || true)
if [ -z "$tool" ] || ! "$tool" --version | grep -q "version 14\."; then
  echo "tidy: no clang-tidy 14 (Debian: clang-tidy; scripts/install-deps.sh installs it): not run"
  exit 77
fi
if [ ! -f "$build/compile_commands.json" ]; then
  echo "tidy: $build/compile_commands.json is missing: configure first (cmake --preset default)"
  exit 77
fi
sources='^(harness|fuzz|bench)/.*\.(cpp|h)$'
case $mode in
  all) mapfile -t files < <(git ls-files -- harness fuzz bench | grep -E "$sources" | grep -v '^harness/tests/') ;;
  changed)
    if ! git rev-parse -q --verify "$rev^{commit}" >/dev/null; then
      echo "tidy: no revision $rev here (a shallow clone?): nothing to compare with, not run"
      exit 0
    fi
    mapfile -t files < <(git diff --name-only --diff-filter=d "$rev" -- harness fuzz bench |
                         grep -E "$sources" | grep -v '^harness/tests/' || true) ;;
esac
# Headers are checked through the .cpp of the same name beside them.
declare -A units=()
for f in "${files[@]}"; do
  case $f in
    *.h) [ -f "${f%.h}.cpp" ] && units["${f%.h}.cpp"]=1 ;;
    *.cpp) units["$f"]=1 ;;
  esac
done
checked=()
for f in "${!units[@]}"; do
  if grep -q "\"file\": \"$PWD/$f\"" "$build/compile_commands.json"; then
    checked+=("$f")
  else
    echo "tidy: $f is not compiled in $build: left out"
  fi
done
if [ ${#checked[@]} -eq 0 ]; then
  echo "tidy: no source to check ($mode)"
  exit 0
fi
echo "tidy: ${#checked[@]} files ($mode)"
log=$(mktemp)
# clang-tidy reads the build's commands without its precompiled header (EC_PCH): GCC's .gch is no
# file clang can read. Each source gets the forced include a build without it has instead.
commands=$(mktemp -d)
trap 'rm -rf "$log" "$commands"' EXIT
python3 - "$build/compile_commands.json" "$commands/compile_commands.json" "$PWD" <<'PY'
import json, re, sys
entries = json.load(open(sys.argv[1]))
forced = f"-include {sys.argv[3]}/harness/core/rapidjson_assert.h"
for entry in entries:
    command = re.sub(r" -Winvalid-pch", "", entry["command"])
    entry["command"] = re.sub(r"-include \S*cmake_pch\.hxx", forced, command)
json.dump(entries, open(sys.argv[2], "w"))
PY
build=$commands
status=0
printf '%s\n' "${checked[@]}" | sort |
  xargs -P 2 -I{} sh -c '"$0" -p "$1" --quiet "$2" >"$3.$$" 2>&1 || { cat "$3.$$"; rm -f "$3.$$"; exit 1; }; rm -f "$3.$$"' \
    "$tool" "$build" {} "$log" >"$log.out" || status=1
grep -E "(error|warning):" "$log.out" | grep -v "warnings generated" | sort -u || true
rm -f "$log.out"
if [ $status -ne 0 ]; then
  echo "tidy: findings above (.clang-tidy); fix them, or say in a NOLINT(check) comment why not"
  exit 1
fi
echo "tidy: clean"
