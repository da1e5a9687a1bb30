#!/usr/bin/env bash
# The GitHub Action's prebuilt binary (action.yml): a release of this repository whose tag is the
# ref the workflow named (`uses: OWNER/elicit-conform@v0.1.0`) has the package of scripts/package.sh
# for Linux x86_64 and aarch64, and a SHA256SUMS. Without one (a branch or a commit as the ref,
# another OS or arch, no network), the Action builds from source as before.
#
#   action-prebuilt.sh find          writes to $GITHUB_OUTPUT: found=true|false, and when found
#                                    asset=<tarball name>, sha256=<its sum>, url=<its address>
#   action-prebuilt.sh fetch DIR     DIR (actions/cache keeps it by the sum) holds the tarball or gets
#                                    it from url; its SHA-256 is checked (also after a cache hit),
#                                    it is unpacked into $RUNNER_TEMP and build/default/elicit-conform
#                                    of the action's folder becomes a link to its binary, where the
#                                    run step looks; writes ready=true, or ready=false when the
#                                    download failed (the Action then builds). A wrong sum fails.
#
# The release is OWNER/REPO's, at the ref: $EC_ACTION_REPOSITORY and $EC_ACTION_REF (github.action_repository
# and github.action_ref, which a composite action does not always get: then read from the action's
# folder, .../_actions/OWNER/REPO/REF). $EC_RELEASE_BASE_URL replaces
# https://github.com/OWNER/REPO/releases/download/REF (the tests serve a release on loopback).
set -euo pipefail
action="$(cd "$(dirname "$0")/.." && pwd)"
out="${GITHUB_OUTPUT:?action-prebuilt.sh runs in a GitHub Actions step (GITHUB_OUTPUT)}"
note() { echo "elicit-conform: $*"; }

base_url() {
  if [ -n "${EC_RELEASE_BASE_URL:-}" ]; then
    echo "$EC_RELEASE_BASE_URL"
    return
  fi
  local repo="${EC_ACTION_REPOSITORY:-}" ref="${EC_ACTION_REF:-}"
  if [ -z "$repo" ] || [ -z "$ref" ]; then
    case "$action" in
      */_actions/*/*/*)
        ref="${action##*/}"
        repo="${action%/*}"; repo="${repo#*/_actions/}" ;;
    esac
  fi
  [ -n "$repo" ] && [ -n "$ref" ] || return 1
  echo "https://github.com/$repo/releases/download/$ref"
}

case "${1:-}" in
  find)
    os="$(uname -s)"
    arch="$(uname -m)"
    sums="$(mktemp)"
    trap 'rm -f "$sums"' EXIT
    if [ "$os" != Linux ]; then
      note "no prebuilt binary for $os: building from source"
    elif ! command -v curl > /dev/null; then
      note "curl is not installed (a bare container?), so no prebuilt binary: building from source"
    elif ! base="$(base_url)"; then
      note "the action's repository and ref are unknown (a local action?): building from source"
    elif ! curl -fsSL --retry 2 --max-time 60 -o "$sums" "$base/SHA256SUMS" 2> /dev/null; then
      note "no release at $base (a branch or a commit as the ref?): building from source"
    elif ! line="$(grep -E "^[0-9a-f]{64}  elicit-conform-[0-9][0-9.]*-linux-$arch\.tar\.gz\$" "$sums" | head -1)" ||
         [ -z "$line" ]; then
      note "the release at $base has no package for linux-$arch: building from source"
    else
      asset="${line#*  }"
      note "prebuilt $asset of $base"
      printf 'found=true\nasset=%s\nsha256=%s\nurl=%s\n' "$asset" "${line%%  *}" "$base/$asset" >> "$out"
      exit 0
    fi
    echo "found=false" >> "$out"
    ;;
  fetch)
    dir="${2:?usage: action-prebuilt.sh fetch DIR}"
    : "${EC_ASSET:?}" "${EC_SHA256:?}" "${EC_URL:?}"
    mkdir -p "$dir"
    tarball="$dir/$EC_ASSET"
    if [ -f "$tarball" ]; then
      note "$EC_ASSET from the cache"
    elif ! curl -fsSL --retry 3 --max-time 300 -o "$tarball.part" "$EC_URL"; then
      rm -rf "$dir"  # nothing for actions/cache to keep
      note "cannot download $EC_URL: building from source"
      echo "ready=false" >> "$out"
      exit 0
    else
      mv "$tarball.part" "$tarball"
    fi
    if ! echo "$EC_SHA256  $tarball" | sha256sum -c --quiet - > /dev/null 2>&1; then
      rm -rf "$dir"  # so that actions/cache never keeps it
      echo "::error::elicit-conform: $EC_ASSET does not match the SHA-256 of the release's SHA256SUMS ($EC_SHA256)"
      exit 1
    fi
    unpacked="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/elicit-conform-$EC_SHA256"
    rm -rf "$unpacked"
    mkdir -p "$unpacked"
    tar -xzf "$tarball" -C "$unpacked"
    binary=("$unpacked"/elicit-conform-*/bin/elicit-conform)
    [ -x "${binary[0]}" ] || { echo "::error::elicit-conform: $EC_ASSET holds no bin/elicit-conform"; exit 1; }
    # It needs a glibc as new as the one it was built with (package.txt): an older one (Ubuntu 22.04's
    # 2.35 for Debian 12's build) cannot load it, and the source is built instead.
    if ! version="$("${binary[0]}" --version 2>&1)"; then
      note "the prebuilt binary does not run here (needs glibc >= $(sed -n 's/^glibc=//p' \
        "$unpacked"/elicit-conform-*/share/elicit-conform/package.txt); $(ldd --version | head -1)): building from source"
      note "${version:0:300}"
      echo "ready=false" >> "$out"
      exit 0
    fi
    # It finds its cases through /proc/self/exe, which names the link's target: the unpacked tree.
    mkdir -p "$action/build/default"
    ln -sfn "${binary[0]}" "$action/build/default/elicit-conform"
    note "$version"
    echo "ready=true" >> "$out"
    ;;
  *)
    echo "usage: action-prebuilt.sh find | fetch DIR" >&2
    exit 2
    ;;
esac
