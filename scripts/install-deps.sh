#!/usr/bin/env bash
# Installs the distro packages warpscope builds and tests with, only those missing.
# dpkg-dev (dpkg-shlibdeps) and help2man make the Debian package (scripts/package.sh).
# Works as root, or through sudo otherwise. Safe to run again: does nothing when all are present.
# llvm gives llvm-symbolizer: the columns of a student's kernel's accesses
# (docs/your-kernel.md; without it each access is shown by its line).
# Also clang with libFuzzer for scripts/fuzz.sh (best effort: without it the
# fuzz smoke run is skipped, everything else works).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config python3
  libimgui-dev libglfw3-dev python3-glad libgl-dev libgl1-mesa-dri libegl-dev libegl-mesa0
  libgtest-dev libgmock-dev libbenchmark-dev libxml2-dev
  nlohmann-json3-dev libcli11-dev libstb-dev libfmt-dev
  xvfb xauth fonts-dejavu-core
  dpkg-dev help2man
  clang
  llvm
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

# The fuzzers need clang 16 or later (std::source_location with libstdc++) and its
# libFuzzer runtime, which Debian 12 packages apart (libclang-rt-16-dev); its
# default clang is 14. scripts/fuzz-clang.sh says whether a usable one is here.
fuzz_packages=(clang-16 libclang-rt-16-dev)
fuzz_missing=()
if ! "$(dirname "$0")/fuzz-clang.sh" >/dev/null 2>&1; then
  for p in "${fuzz_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || fuzz_missing+=("$p")
  done
fi
[ ${#missing[@]} -eq 0 ] && [ ${#fuzz_missing[@]} -eq 0 ] && exit 0

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]} ${fuzz_missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
if [ ${#fuzz_missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${fuzz_missing[*]} (fuzzers)"
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${fuzz_missing[@]}" ||
    echo "install-deps: could not install ${fuzz_missing[*]}: scripts/fuzz.sh needs a clang >= 16 with libFuzzer" >&2
fi
# clang was new: its fuzzer runtime is a separate package only now known.
if fuzzer_runtime_missing; then
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "libclang-rt-$(clang++ -dumpversion | cut -d. -f1)-dev"
fi
