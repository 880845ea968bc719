#!/usr/bin/env bash
# Installs missing distro packages, then configures and builds warpscope in build/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
# A unity build (CMake joins a target's sources into batches of 8 translation
# units) took 835 CPU seconds here against 1329 compiling each file alone
# (2026-11-28), which CI pays on every run; WS_UNITY=OFF compiles them one by one (quicker after
# editing one file). Files that cannot share a unit say so in their CMakeLists.txt.
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_UNITY_BUILD="${WS_UNITY:-ON}" >/dev/null
cmake --build "$root/build" -j"$(nproc)"
