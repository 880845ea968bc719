#!/usr/bin/env bash
# Builds the x86-64 binaries the device machine runs (it has no GTest, fmt,
# CLI11 or nlohmann headers) into build-carry/: warpscope and the test
# executables for sm_90, plus the one shared library they need (libfmt).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-gpu-k
cmake -S "$root" -B "$build" -G Ninja -DWS_BUILD_GUI=OFF -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null
cmake --build "$build" -j"${JOBS:-2}" --target warpscope "$@"
mkdir -p "$root/build-carry"
cp "$build/app/warpscope" "$root/build-carry/"
for t in "$@"; do find "$build/tests" -name "$t" -type f -executable -exec cp {} "$root/build-carry/" \; ; done
cp -L "$(ldd "$build/app/warpscope" | awk '/libfmt/ {print $3}')" "$root/build-carry/"
du -sh "$root/build-carry"
