#!/usr/bin/env bash
# Builds warpscope and GPU test executables on the device machine itself, which
# has nvcc, CMake and ninja but none of fmt, nlohmann-json, CLI11, GoogleTest,
# Google Benchmark or stb: `--pack DIR` (here) copies those packages' headers, libraries
# and CMake files into DIR/usr; on the device, `DIR [TARGET...]` configures
# against them and builds into build-device/ (sm_90, no window), then copies the
# binaries and libfmt into build-device/carry for gpu-measure.sh (BIN_DIR).
# Where this machine's 2 cores are busy, the device's 16 build it in minutes
# instead of an hour (2026-11-28: the coalescing kernels, scripts/gpu-coalescing.sh).
#   usage: scripts/device-build.sh --pack DIR
#          scripts/device-build.sh DIR [TARGET...]   (default: warpscope kernels_gpu_test kernels_fidelity_test)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lib=/usr/lib/x86_64-linux-gnu
if [ "${1:-}" = --pack ]; then
  d=${2:?usage: $0 --pack DIR}/usr
  mkdir -p "$d/include" "$d/lib/x86_64-linux-gnu/cmake" "$d/share/cmake"
  cp -r /usr/include/{fmt,nlohmann,CLI,gtest,gmock,benchmark} "$d/include/"
  cp /usr/include/stb/stb_{truetype,image_write}.h "$d/include/"  # the slides' text metrics include them bare
  cp -r $lib/cmake/{GTest,benchmark,fmt} "$d/lib/x86_64-linux-gnu/cmake/"
  cp -r /usr/share/cmake/{CLI11,nlohmann_json} "$d/share/cmake/"
  cp -a $lib/libfmt.so* $lib/libbenchmark* $lib/libgtest* $lib/libgmock* "$d/lib/x86_64-linux-gnu/"
  du -sh "$d"
  exit 0
fi
deps=$(cd "${1:?usage: $0 DIR [TARGET...]}" && pwd)/usr
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(warpscope kernels_gpu_test kernels_fidelity_test)
cm=$deps/lib/x86_64-linux-gnu/cmake
build=$root/build-device
cmake -S "$root" -B "$build" -G Ninja -DWS_BUILD_GUI=OFF -DCMAKE_CUDA_ARCHITECTURES=90 \
  -Dfmt_DIR="$cm/fmt" -DGTest_DIR="$cm/GTest" -Dbenchmark_DIR="$cm/benchmark" \
  -DCLI11_DIR="$deps/share/cmake/CLI11" -Dnlohmann_json_DIR="$deps/share/cmake/nlohmann_json" > "$build.log" 2>&1 ||
  { tail -30 "$build.log"; exit 1; }
export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}  # gtest discovery runs the tests
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}" >> "$build.log" 2>&1 ||
  { grep -m2 -A25 "^FAILED" "$build.log" | cut -c1-400; exit 1; }
mkdir -p "$build/carry"
cp "$build/app/warpscope" "$build/carry/"
for t in "${targets[@]}"; do find "$build/tests" -name "$t" -type f -executable -exec cp {} "$build/carry/" \; ; done
cp -a "$deps"/lib/x86_64-linux-gnu/libfmt.so* "$build/carry/"
echo "built ${targets[*]} in $build/carry"
