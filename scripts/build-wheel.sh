#!/usr/bin/env bash
# Builds the wheel of `pip install elicit-conform` from a package of scripts/package.sh:
#
#   scripts/build-wheel.sh dist/elicit-conform-<version>-linux-<arch>.tar.gz [--out DIR] [--isolated]
#
# writes DIR (default: the tarball's folder)/elicit_conform-<version>-py3-none-manylinux_2_<N>_<arch>.whl
# and adds it to DIR/SHA256SUMS. The wheel holds python/'s two packages: elicit_conform (the
# `elicit-conform` console script, with the unpacked tree in elicit_conform/_bundle: bin/, lib/,
# share/) and pytest_elicit_conform (the pytest plugin, a pytest11 entry point). Its platform tag is
# manylinux_2_<N> for the glibc 2.N that package.sh found the bundle needs (share/elicit-conform/
# package.txt): the libraries it needs beyond glibc are in the bundle already, which is what
# auditwheel would do, so the standard build (pip wheel, setuptools' bdist_wheel with plat_name)
# is all it takes.
#
# By default pip builds with the installed setuptools and wheel, without the network
# (--no-build-isolation; Debian 12's python3-setuptools and python3-wheel are the versions
# python/pyproject.toml pins, and other versions are refused); --isolated lets pip fetch the pinned
# ones from PyPI instead.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-/usr/bin/python3}"
tarball=""
out=""
isolated=0
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --isolated) isolated=1; shift ;;
    -*) echo "build-wheel.sh: unknown option '$1' (--out DIR, --isolated)" >&2; exit 2 ;;
    *) tarball="$1"; shift ;;
  esac
done
[ -f "$tarball" ] || { echo "usage: build-wheel.sh PACKAGE.tar.gz [--out DIR] [--isolated] (no package '$tarball')" >&2; exit 2; }
out="${out:-$(dirname "$tarball")}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp "$src/python/pyproject.toml" "$src/python/README.md" "$stage/"
for pkg in elicit_conform pytest_elicit_conform; do
  mkdir "$stage/$pkg"
  cp "$src/python/$pkg"/*.py "$stage/$pkg/"
done
tar -xzf "$tarball" -C "$stage/elicit_conform"
tree=("$stage"/elicit_conform/elicit-conform-*)
[ ${#tree[@]} -eq 1 ] && [ -d "${tree[0]}" ] || { echo "build-wheel.sh: $tarball holds no elicit-conform-* folder" >&2; exit 1; }
mv "${tree[0]}" "$stage/elicit_conform/_bundle"

info="$stage/elicit_conform/_bundle/share/elicit-conform/package.txt"
[ -f "$info" ] || { echo "build-wheel.sh: the package has no share/elicit-conform/package.txt (not made by package.sh?)" >&2; exit 1; }
field() { sed -n "s/^$1=//p" "$info"; }
version="$(field version)"
glibc="$(field glibc)"
arch="$(field arch)"
python_version="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$src/python/elicit_conform/__init__.py")"
[ "$version" = "$python_version" ] ||
  { echo "build-wheel.sh: the package is version $version, python/elicit_conform is $python_version" >&2; exit 1; }
[[ "$glibc" =~ ^2\.[0-9]+$ ]] || { echo "build-wheel.sh: cannot make a manylinux tag of glibc '$glibc'" >&2; exit 1; }
plat="manylinux_2_${glibc#2.}_${arch}"
printf '[bdist_wheel]\npython_tag = py3\nplat_name = %s\n' "$plat" > "$stage/setup.cfg"

pip_args=(--no-deps --no-index --disable-pip-version-check -q)
if [ "$isolated" -eq 1 ]; then
  pip_args=(--no-deps --disable-pip-version-check -q)
else
  # The pins of pyproject.toml, checked: without isolation pip would use whatever is installed.
  have="$("$python" -c 'import setuptools, wheel; print(f"setuptools=={setuptools.__version__} wheel=={wheel.__version__}")' 2>/dev/null)" ||
    { echo "build-wheel.sh: $python has no setuptools or wheel (scripts/install-deps.sh, or --isolated)" >&2; exit 2; }
  for pin in $have; do
    grep -q "\"$pin\"" "$src/python/pyproject.toml" ||
      { echo "build-wheel.sh: $python has $pin, not the version python/pyproject.toml pins (use --isolated)" >&2; exit 2; }
  done
  pip_args+=(--no-build-isolation)
fi
# The build's own leftovers (build/, *.egg-info) stay in the stage, which is removed.
(cd "$stage" && "$python" -m pip wheel "${pip_args[@]}" -w "$stage/wheel" . > "$stage/pip.log" 2>&1) ||
  { cat "$stage/pip.log" >&2; echo "build-wheel.sh: pip wheel failed" >&2; exit 1; }
wheel=("$stage"/wheel/*.whl)
[ ${#wheel[@]} -eq 1 ] || { echo "build-wheel.sh: pip made ${#wheel[@]} wheels" >&2; exit 1; }
name="$(basename "${wheel[0]}")"
[ "$name" = "elicit_conform-$version-py3-none-$plat.whl" ] ||
  { echo "build-wheel.sh: pip made $name, not the tag py3-none-$plat" >&2; exit 1; }
mv "${wheel[0]}" "$out/$name"

sums="$out/SHA256SUMS"
{ [ ! -f "$sums" ] || grep -v "  $name\$" "$sums" || true
  (cd "$out" && sha256sum "$name"); } > "$sums.part"
mv "$sums.part" "$sums"
echo "build-wheel.sh: $out/$name ($(du -k "$out/$name" | cut -f1) KiB)"
