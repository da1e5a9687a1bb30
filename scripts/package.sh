#!/usr/bin/env bash
# Packs an existing build (build/default: Release, g++) into a relocatable tree and its tarball,
#
#   dist/elicit-conform-<version>-linux-<arch>.tar.gz   and   dist/SHA256SUMS
#
# holding elicit-conform-<version>-linux-<arch>/
#   bin/elicit-conform             with the rpath $ORIGIN/../lib (patchelf)
#   lib/                           every shared library it loads that is not glibc's (ldd), each with
#                                  the rpath $ORIGIN, so it needs nothing of the build machine
#   share/elicit-conform/cases     the corpus and the requirement catalogs (the binary finds them
#                                  next to itself: default_cases_dir in harness/cli/main.cpp)
#   share/elicit-conform/package.txt  version, commit, date, arch and the oldest glibc it needs
#   LICENSE (and NOTICE when there is one)
# and prints "needs glibc >= X": the newest GLIBC_ symbol version the binary and its libraries
# reference (objdump -T). It builds nothing: run it after `cmake --build --preset default`.
#
#   scripts/package.sh [--build DIR] [--out DIR] [--release]
#
# --release: refuse a build whose commit is unknown, is not the source tree's HEAD, or was made
# with uncommitted changes (without it, a warning), so a release names the commit it was built from.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
build="$src/build/default"
out="$src/dist"
release=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --release) release=1; shift ;;
    *) echo "package.sh: unknown argument '$1' (--build DIR, --out DIR, --release)" >&2; exit 2 ;;
  esac
done
bin="$build/elicit-conform"
[ -x "$bin" ] || { echo "package.sh: no $bin: build first (cmake --build --preset default)" >&2; exit 2; }
command -v patchelf >/dev/null || { echo "package.sh: patchelf is missing (scripts/install-deps.sh)" >&2; exit 2; }

# "elicit-conform 0.1.0 (commit <40 hex> of 2026-11-28[, with uncommitted changes])"
version_line="$("$bin" --version)"
version="$(sed -n 's/^elicit-conform \([0-9][0-9.]*\) .*/\1/p' <<< "$version_line")"
commit="$(sed -n 's/.*(commit \([0-9a-f]*\|unknown\)[ ,)].*/\1/p' <<< "$version_line")"
[ -n "$version" ] || { echo "package.sh: cannot read the version of '$version_line'" >&2; exit 1; }
problem=""
head="$(git -C "$src" rev-parse HEAD 2>/dev/null || echo unknown)"
if [ "$commit" = unknown ] || [ -z "$commit" ]; then
  problem="the build names no commit (built outside git?)"
elif [ "$commit" != "$head" ]; then
  problem="the build is of commit $commit, the source tree is at $head: rebuild"
elif [[ "$version_line" == *"uncommitted changes"* ]]; then
  problem="the build has uncommitted changes"
fi
if [ -n "$problem" ]; then
  [ "$release" -eq 0 ] || { echo "package.sh: --release: $problem" >&2; exit 1; }
  echo "package.sh: warning: $problem" >&2
fi

arch="$(uname -m)"
name="elicit-conform-$version-linux-$arch"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
tree="$stage/$name"
mkdir -p "$tree/bin" "$tree/lib" "$tree/share/elicit-conform"

cp "$bin" "$tree/bin/elicit-conform"
strip --strip-unneeded "$tree/bin/elicit-conform"

# The libraries glibc provides are the target machine's own (its libc must match its loader);
# every other library the binary loads, directly or through another, comes along.
glibc_libs='^(linux-vdso|linux-gate|ld-linux[-a-z0-9_]*|libc|libm|libpthread|libdl|librt|libresolv|libutil|libanl|libnsl|libmvec)\.so'
while read -r soname _ path _; do
  [[ "$soname" =~ $glibc_libs ]] && continue
  [[ "$soname" == /* ]] && continue  # the loader, by path
  [ -f "$path" ] || { echo "package.sh: $soname is not found (ldd: $path)" >&2; exit 1; }
  cp -L "$path" "$tree/lib/$soname"
  chmod u+w "$tree/lib/$soname"
  patchelf --set-rpath '$ORIGIN' "$tree/lib/$soname"
done < <(ldd "$bin" | grep '=>')
patchelf --set-rpath '$ORIGIN/../lib' "$tree/bin/elicit-conform"

cp -r "$src/cases" "$tree/share/elicit-conform/cases"
for f in LICENSE NOTICE; do [ ! -f "$src/$f" ] || cp "$src/$f" "$tree/$f"; done

# The oldest glibc that has every versioned symbol the binary and its libraries use.
glibc="$(objdump -T "$tree/bin/elicit-conform" "$tree"/lib/*.so* | grep -o 'GLIBC_[0-9][0-9.]*' |
         sed 's/GLIBC_//' | sort -V | tail -1)"
[ -n "$glibc" ] || { echo "package.sh: found no GLIBC_ symbol version (objdump -T)" >&2; exit 1; }
date="$(sed -n 's/.*(commit [0-9a-f]* of \([0-9-]*\).*/\1/p' <<< "$version_line")"
printf 'version=%s\ncommit=%s\ndate=%s\narch=%s\nglibc=%s\n' "$version" "$commit" "$date" "$arch" "$glibc" \
  > "$tree/share/elicit-conform/package.txt"

# The same bytes for the same tree: sorted names, no owner, the commit's date on every file.
mkdir -p "$out"
out="$(cd "$out" && pwd)"
mtime="@$(git -C "$src" show -s --format=%ct "$commit" 2>/dev/null || date +%s)"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$mtime" -C "$stage" -cf - "$name" |
  gzip -n -6 > "$out/$name.tar.gz.part"
mv "$out/$name.tar.gz.part" "$out/$name.tar.gz"
# SHA256SUMS keeps the lines of other packages in the folder (another arch) and replaces this one's.
sums="$out/SHA256SUMS"
{ [ ! -f "$sums" ] || grep -v "  $name.tar.gz\$" "$sums" || true
  (cd "$out" && sha256sum "$name.tar.gz"); } > "$sums.part"
mv "$sums.part" "$sums"

echo "package.sh: $out/$name.tar.gz ($(du -k "$out/$name.tar.gz" | cut -f1) KiB, $(ls "$tree/lib" | wc -l) libraries)"
echo "package.sh: needs glibc >= $glibc"
