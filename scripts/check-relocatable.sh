#!/usr/bin/env bash
# Proves that a package made by scripts/package.sh runs on a machine that has none of the build's
# libraries: a minimal Debian root file system (debootstrap --variant=minbase of Debian's current
# stable, made once into a cache folder and reused), the unpacked package copied in, and in a
# chroot `--version`, `list` and a run of the suite against the package's own reference server
# (and the client cases against its reference client).
# Also checks that every library the binary loads there is either glibc's or the package's own
# lib/ (ldd in the chroot), and that the build's libraries (yaml-cpp, re2, ...) are not in the root.
#
#   scripts/check-relocatable.sh dist/elicit-conform-<version>-linux-<arch>.tar.gz [ROOT]
#
# ROOT (or $EC_RELOCATABLE_ROOT) is the cache; it is made when it holds no finished debootstrap
# (its marker file .elicit-conform-debootstrap), and left as it was after the check (the package
# is copied into a temporary folder inside it and removed). Needs root (chroot, mount in a private
# mount namespace: unshare), debootstrap and the network to the Debian mirror for the first run.
# $EC_DEBIAN_MIRROR overrides the mirror, $EC_DEBIAN_SUITE the suite (default stable).
set -euo pipefail

tarball="${1:?usage: check-relocatable.sh PACKAGE.tar.gz [ROOT]}"
root="${2:-${EC_RELOCATABLE_ROOT:-}}"
[ -n "$root" ] || { echo "check-relocatable: give ROOT or set EC_RELOCATABLE_ROOT (the cache of the root file system)" >&2; exit 2; }
[ -f "$tarball" ] || { echo "check-relocatable: no such package: $tarball" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "check-relocatable: needs root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "check-relocatable: debootstrap is not installed" >&2; exit 2; }
tarball="$(realpath "$tarball")"
suite="${EC_DEBIAN_SUITE:-stable}"
mirror="${EC_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
marker="$root/.elicit-conform-debootstrap"

if [ ! -f "$marker" ]; then
  # A half-made root (an interrupted first run) is made again from nothing.
  rm -rf "$root"
  mkdir -p "$root"
  start=$(date +%s)
  debootstrap --variant=minbase "$suite" "$root" "$mirror" > "$root.debootstrap.log" 2>&1 ||
    { tail -20 "$root.debootstrap.log" >&2; echo "check-relocatable: debootstrap failed" >&2; exit 1; }
  echo "$suite $(date -u +%FT%TZ)" > "$marker"
  echo "check-relocatable: debootstrap --variant=minbase $suite took $(( $(date +%s) - start )) s"
else
  echo "check-relocatable: reusing the root in $root ($(cat "$marker"))"
fi

# The root must not have what the package bundles: else it would prove nothing.
for lib in libyaml-cpp libre2 liburiparser libcpp-httplib libbrotlienc; do
  if compgen -G "$root/usr/lib/*/$lib.so*" > /dev/null || compgen -G "$root/lib/*/$lib.so*" > /dev/null; then
    echo "check-relocatable: the root has $lib: not a root without the build's libraries" >&2
    exit 1
  fi
done

work="$(mktemp -d "$root/tmp/ec-relocatable.XXXXXX")"
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work"
pkg="$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -1)"
inside="${pkg#"$root"}"  # the package's path as the chroot sees it

# In a private mount namespace, so /proc (the binary finds its cases through /proc/self/exe, and
# its SUT processes through /proc) is unmounted when the check ends, whatever happens.
unshare --mount --fork /bin/bash -euo pipefail -s "$root" "$inside" <<'CHROOT'
root="$1"; inside="$2"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
run() { chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp /bin/sh -c 'cd /tmp && exec "$@"' sh "$@"; }
bin="$inside/bin/elicit-conform"
version="$(run "$bin" --version)"
echo "check-relocatable: in the root: $version"
# Every library it loads is glibc's (in the root) or the package's own.
run ldd "$bin" | while read -r name _ path _; do
  case "$name" in
    linux-vdso.so.*|/lib*/ld-linux*|/lib/ld-linux*) continue ;;
    libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*) continue ;;
  esac
  case "$path" in
    "$inside/lib/"*|"$inside/bin/../lib/"*) ;;
    *) echo "check-relocatable: $name is loaded from $path, not from the package" >&2; exit 1 ;;
  esac
done
listed="$(run "$bin" list | wc -l)"
[ "$listed" -gt 10 ] || { echo "check-relocatable: list printed $listed lines" >&2; exit 1; }
echo "check-relocatable: list: $listed lines"
run "$bin" server --command "$bin reference server" --report-dir /tmp/ec-relocatable-report
test -s "$root/tmp/ec-relocatable-report/results.json"
# The client role too: the harness serves the client through its stdio relay, itself again.
run "$bin" client --command "$bin reference client" --case 'client.form.*' --report-dir /tmp/ec-relocatable-client
test -s "$root/tmp/ec-relocatable-client/results.json"
rm -rf "$root/tmp/ec-relocatable-report" "$root/tmp/ec-relocatable-client"
echo "check-relocatable: a reference run in the root exited 0 (server, and client through the relay)"
CHROOT
