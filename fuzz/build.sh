#!/bin/bash -eu
# Builds the fuzz targets the OSS-Fuzz way (ClusterFuzzLite runs this through
# .clusterfuzzlite/build.sh). Reads the variables the OSS-Fuzz builder sets:
#   $CXX $CXXFLAGS          compiler and flags: the sanitizer and the coverage instrumentation
#   $LIB_FUZZING_ENGINE     what a target links for its main (e.g. -fsanitize=fuzzer)
#   $OUT                    where targets, seed corpora, dictionaries and options go
#   $SRC                    where the Dockerfile put the dependency sources (re2, yaml-cpp, ...)
#   $WORK                   scratch space (optional here; a folder under build/ otherwise)
# and writes, per target, $OUT/fuzz_<target>, $OUT/fuzz_<target>_seed_corpus.zip (corpus/<target>/),
# $OUT/fuzz_<target>.dict and $OUT/fuzz_<target>.options.
#
# Dependencies: OSS-Fuzz compiles with its own clang and libc++, so the C++ libraries whose types
# cross our API (re2, yaml-cpp) cannot come from the distribution (built for libstdc++). When
# $SRC has their sources (the Dockerfile clones them), they are built here with the same flags;
# otherwise (a local run on Debian: CXXFLAGS without -stdlib=libc++) the system packages are used.
# EC_BUILD_JOBS sets the parallelism (default: all cores).
root=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-$root/build}/ec-oss-fuzz
jobs=${EC_BUILD_JOBS:-$(nproc)}
deps=$work/deps
mkdir -p "$work" "$OUT"

build_cmake_dep() {  # $1 source folder, then cmake options
  local src=$1; shift
  cmake -S "$src" -B "$work/$(basename "$src")" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$deps" \
    -DCMAKE_C_COMPILER="${CC:-clang}" -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_C_FLAGS="${CFLAGS:-}" \
    -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON "$@" >/dev/null
  cmake --build "$work/$(basename "$src")" -j "$jobs" --target install >/dev/null
}

if [ -d "$SRC/re2" ]; then
  # Only the static library (the targets link the instrumented one, never a shared copy), and
  # the re2.pc our CMake looks for, written here: re2's install targets differ between tags.
  make -C "$SRC/re2" -j "$jobs" CXX="$CXX" CXXFLAGS="$CXXFLAGS -O1" obj/libre2.a >/dev/null
  mkdir -p "$deps/include/re2" "$deps/lib/pkgconfig"
  cp "$SRC"/re2/re2/*.h "$deps/include/re2/"
  cp "$SRC/re2/obj/libre2.a" "$deps/lib/"
  printf 'Name: re2\nDescription: RE2 built for fuzzing\nVersion: 0\nCflags: -pthread -I%s/include\nLibs: -pthread -L%s/lib -lre2\n' \
    "$deps" "$deps" >"$deps/lib/pkgconfig/re2.pc"
fi
if [ -d "$SRC/yaml-cpp" ]; then
  build_cmake_dep "$SRC/yaml-cpp" -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF -DYAML_BUILD_SHARED_LIBS=OFF
fi
if [ -d "$SRC/uriparser" ]; then
  build_cmake_dep "$SRC/uriparser" -DURIPARSER_BUILD_DOCS=OFF -DURIPARSER_BUILD_TESTS=OFF -DURIPARSER_BUILD_TOOLS=OFF
fi
if [ -d "$SRC/CLI11" ]; then
  build_cmake_dep "$SRC/CLI11" -DCLI11_BUILD_TESTS=OFF -DCLI11_BUILD_EXAMPLES=OFF -DCLI11_BUILD_DOCS=OFF
fi
# valijson is header-only: its include folder is enough (cases/case_schema.cpp).
valijson_args=()
[ -d "$SRC/valijson/include" ] && valijson_args=(-DEC_VALIJSON_INCLUDE_DIR="$SRC/valijson/include")
export PKG_CONFIG_PATH="$deps/lib/pkgconfig:$deps/lib64/pkgconfig:$deps/share/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"

# No build type: $CXXFLAGS alone decides optimisation and instrumentation. EC_FUZZ_INSTRUMENT
# is off because $CXXFLAGS already instruments for the engine OSS-Fuzz chose.
cmake -S "$root" -B "$work/build" -DCMAKE_BUILD_TYPE= -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DCMAKE_PREFIX_PATH="$deps" -DEC_FUZZ=ON -DEC_FUZZ_INSTRUMENT=OFF -DEC_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
  -DEC_SANITIZE=OFF -DEC_TESTS=OFF "${valijson_args[@]}" >/dev/null
cmake --build "$work/build" --target fuzz_all -j "$jobs" >/dev/null

zip_folder() {  # $1 zip file, $2 folder: the files at the top of the archive
  rm -f "$1"
  if command -v zip >/dev/null; then
    (cd "$2" && zip -q -X "$1" ./*)
  else
    python3 -c 'import sys, zipfile, pathlib
with zipfile.ZipFile(sys.argv[1], "w") as z:
    for p in sorted(pathlib.Path(sys.argv[2]).iterdir()):
        z.write(p, p.name)' "$1" "$2"
  fi
}

for source in "$root"/fuzz/fuzz_*.cpp; do
  name=$(basename "$source" .cpp)
  [ "$name" = fuzz_support ] && continue
  target=${name#fuzz_}
  cp "$work/build/fuzz/$name" "$OUT/$name"
  cp "$root/fuzz/$name.dict" "$root/fuzz/$name.options" "$OUT/"
  zip_folder "$OUT/${name}_seed_corpus.zip" "$root/corpus/$target"
  echo "build.sh: $OUT/$name ($(find "$root/corpus/$target" -type f | wc -l) seeds)"
done
