#!/usr/bin/env bash
# Installs every build and test dependency from Debian packages. Idempotent: packages already
# present are not fetched again, and apt-get update runs only when something is missing.
set -euo pipefail

packages=(
  build-essential cmake pkg-config clang libclang-rt-14-dev clang-format clang-tidy
  rapidjson-dev libgtest-dev libcli11-dev libre2-dev liburiparser-dev
  libcpp-httplib-dev libyaml-cpp-dev libbenchmark-dev libvalijson-dev
  python3-pytest python3-pytest-xdist python3-hypothesis python3-jsonschema
  # scripts/package.sh (the relocatable tarball: patchelf sets its rpaths) and scripts/build-wheel.sh
  # (pip wheel with the setuptools and wheel python/pyproject.toml pins; venv for tests/test_wheel.py)
  patchelf python3-pip python3-setuptools python3-wheel python3-venv
  # tests/test_action.py and tests/test_action_prebuilt.py read action.yml (without it: skipped)
  python3-yaml
)

# --browser (scripts/setup.sh, so CI, passes it): also Debian's chromium (/usr/bin/chromium, about
# 155 MB with what it pulls in), with which tests/test_report_browser.py and tests/test_reports.py
# render report.html as a reader sees it; without it they skip, or fail when CI is set. The
# GitHub Action only builds the harness, so it does not pay for a browser.
# --release: also debootstrap, for scripts/check-relocatable.sh (the release workflow).
for arg in "$@"; do
  case "$arg" in
    --browser) packages+=(chromium) ;;
    --release) packages+=(debootstrap) ;;
    *) echo "install-deps: unknown option '$arg' (--browser, --release)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
