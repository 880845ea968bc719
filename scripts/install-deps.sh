#!/usr/bin/env bash
# Installs the distro packages warpscope builds and tests with, only those missing.
# Works as root, or through sudo otherwise. Safe to run again: does nothing when all are present.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config python3
  libimgui-dev libglfw3-dev python3-glad libgl-dev libgl1-mesa-dri
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libstb-dev libfmt-dev
  xvfb xauth fonts-dejavu-core
  clang
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# libFuzzer and clang's sanitizer runtimes (scripts/fuzz.sh): their own package
# libclang-rt-N-dev on Debian 12, where clang only recommends it.
fuzzer_runtime_missing() {
  command -v clang++ >/dev/null || return 1  # clang itself is in the list above
  ! compgen -G "$(clang++ -print-resource-dir)/lib/*/libclang_rt.fuzzer*.a" >/dev/null
}
if fuzzer_runtime_missing; then missing+=("libclang-rt-$(clang++ -dumpversion | cut -d. -f1)-dev"); fi
[ ${#missing[@]} -eq 0 ] && exit 0

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
# clang was new: its fuzzer runtime is a separate package only now known.
if fuzzer_runtime_missing; then
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "libclang-rt-$(clang++ -dumpversion | cut -d. -f1)-dev"
fi
