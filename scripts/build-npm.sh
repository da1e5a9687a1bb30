#!/usr/bin/env bash
# Packs the npm packages of `npx elicit-conform` from a package of scripts/package.sh, in the
# layout native tools use on npm (a package per platform and a small launcher):
#
#   scripts/build-npm.sh dist/elicit-conform-<version>-linux-<arch>.tar.gz [--out DIR]
#
# writes to DIR (default: the tarball's folder), each added to DIR/SHA256SUMS:
#   elicit-conform-linux-<x64|arm64>-<version>.tgz   @elicit-conform/linux-<x64|arm64>: the unpacked
#                                                    tree (bin/, lib/, share/), with os, cpu and libc
#                                                    set so that npm installs it only where it runs
#   elicit-conform-<version>.tgz                     elicit-conform: npm/elicit-conform, the launcher
#                                                    (bin/elicit-conform.js) that runs the binary of
#                                                    the platform package npm installed beside it
# The launcher names every platform package as an optional dependency of its own version; the
# release publishes them all (one platform package per arch, one launcher). npm pack only: offline.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
tarball=""
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    -*) echo "build-npm.sh: unknown option '$1' (--out DIR)" >&2; exit 2 ;;
    *) tarball="$1"; shift ;;
  esac
done
[ -f "$tarball" ] || { echo "usage: build-npm.sh PACKAGE.tar.gz [--out DIR] (no package '$tarball')" >&2; exit 2; }
command -v npm > /dev/null || { echo "build-npm.sh: npm is not installed (scripts/setup-typescript.sh)" >&2; exit 2; }
out="${out:-$(dirname "$tarball")}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
tar -xzf "$tarball" -C "$stage"
tree=("$stage"/elicit-conform-*)
[ ${#tree[@]} -eq 1 ] && [ -d "${tree[0]}" ] || { echo "build-npm.sh: $tarball holds no elicit-conform-* folder" >&2; exit 1; }
info="${tree[0]}/share/elicit-conform/package.txt"
[ -f "$info" ] || { echo "build-npm.sh: the package has no share/elicit-conform/package.txt (not made by package.sh?)" >&2; exit 1; }
field() { sed -n "s/^$1=//p" "$info"; }
version="$(field version)"
glibc="$(field glibc)"
case "$(field arch)" in
  x86_64) cpu=x64 ;;
  aarch64) cpu=arm64 ;;
  *) echo "build-npm.sh: no npm cpu name for $(field arch)" >&2; exit 1 ;;
esac

launcher="$src/npm/elicit-conform"
node -e '
  const [file, version, name] = process.argv.slice(1);
  const p = require(file);
  if (p.version !== version) throw new Error(`npm/elicit-conform is version ${p.version}, the package ${version}`);
  if ((p.optionalDependencies || {})[name] !== version)
    throw new Error(`npm/elicit-conform does not depend on ${name}@${version}`);
' "$launcher/package.json" "$version" "@elicit-conform/linux-$cpu"

platform="$stage/platform"
mv "${tree[0]}" "$platform"
node -e '
  const [file, version, cpu, glibc] = process.argv.slice(1);
  const p = {
    name: `@elicit-conform/linux-${cpu}`,
    version,
    description: `The elicit-conform binary for Linux ${cpu} (glibc >= ${glibc}); the elicit-conform package runs it`,
    license: "Apache-2.0",
    os: ["linux"],
    cpu: [cpu],
    libc: ["glibc"],
    files: ["bin/", "lib/", "share/", "LICENSE"],
    preferUnplugged: true,
  };
  require("fs").writeFileSync(file, JSON.stringify(p, null, 2) + "\n");
' "$platform/package.json" "$version" "$cpu" "$glibc"

packed=()
for dir in "$platform" "$launcher"; do
  name="$(cd "$out" && npm pack --silent --offline --no-update-notifier --pack-destination "$out" "$dir" | tail -1)"
  [ -f "$out/$name" ] || { echo "build-npm.sh: npm pack of $dir made no $out/$name" >&2; exit 1; }
  packed+=("$name")
done

sums="$out/SHA256SUMS"
replaced="$(printf '%s|' "${packed[@]}" | sed 's/|$//; s/\./\\./g')"  # a|b, dots escaped
{ [ ! -f "$sums" ] || grep -v -E "  ($replaced)\$" "$sums" || true
  (cd "$out" && sha256sum "${packed[@]}"); } > "$sums.part"
mv "$sums.part" "$sums"
for name in "${packed[@]}"; do echo "build-npm.sh: $out/$name ($(du -k "$out/$name" | cut -f1) KiB)"; done
