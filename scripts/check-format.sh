#!/usr/bin/env bash
# The C++ sources (harness/, fuzz/, bench/) are formatted as .clang-format says. Used by the
# ctest `sources_are_clang_formatted`; `--fix` rewrites the files that differ instead.
# Exit: 0 formatted (or fixed), 1 a file differs (each is named), 77 no clang-format 14 here
# (another major version formats differently, so its verdict would not be ours: ctest skips).
set -euo pipefail
cd "$(dirname "$0")/.."
fix=0
[ "${1:-}" = "--fix" ] && fix=1
tool=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$tool" ]; then
  echo "check-format: clang-format is not installed (Debian: clang-format; scripts/install-deps.sh installs it)"
  exit 77
fi
if ! "$tool" --version | grep -q "version 14\."; then
  echo "check-format: $("$tool" --version) is not clang-format 14, whose output .clang-format is kept in"
  exit 77
fi
mapfile -t files < <(git ls-files -co --exclude-standard -- 'harness/*.cpp' 'harness/*.h' 'fuzz/*.cpp' 'fuzz/*.h' \
                     'bench/*.cpp' 'bench/*.h' 2>/dev/null || find harness fuzz bench -name '*.cpp' -o -name '*.h')
if [ "$fix" = 1 ]; then
  "$tool" -i --style=file "${files[@]}"
  echo "check-format: formatted ${#files[@]} files"
  exit 0
fi
# One clang-format run over every file (--dry-run -Werror names each file that would change).
if ! out=$("$tool" --dry-run -Werror --style=file "${files[@]}" 2>&1); then
  echo "$out" | grep -oE '^[^:]+\.(cpp|h):' | sort -u | sed 's/:$//; s/^/not formatted: /'
  echo "check-format: run scripts/check-format.sh --fix (whitespace only) and commit"
  exit 1
fi
echo "check-format: ${#files[@]} files formatted as .clang-format says"
