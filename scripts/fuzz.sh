#!/usr/bin/env bash
# The libFuzzer harnesses of tests/fuzz/, built with clang (ASan + UBSan) in build-fuzz/.
#   scripts/fuzz.sh                        build, then the CI smoke run (ctest -L fuzz): every
#                                          seed and every recorded finding once, then
#                                          WS_FUZZ_SMOKE_SECONDS (10) of fuzzing per harness
#   scripts/fuzz.sh NAME SECONDS [ARGS]    build, then fuzz one harness for SECONDS; ARGS go to
#                                          libFuzzer (e.g. -max_len=100000). New inputs collect
#                                          in build-fuzz/tests/fuzz/work/NAME, crash files in
#                                          build-fuzz/tests/fuzz/artifacts/NAME/; copy a crash to
#                                          tests/fuzz/findings/NAME/ to keep it as a regression.
# Harnesses: expr pattern measurements kernel_params nvrm_version lesson.
# Needs clang >= 16 and its libFuzzer runtime (scripts/install-deps.sh installs both;
# scripts/fuzz-clang.sh finds them).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${WS_FUZZ_BUILD_DIR:-$root/build-fuzz}"
"$root/scripts/install-deps.sh"
cxx=$("$root/scripts/fuzz-clang.sh")  # clang++ >= 16 with libFuzzer, or a message and exit 1
cc=$(dirname "$cxx")/$(basename "$cxx" | sed 's/clang++/clang/')

cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
  -DWS_FUZZ=ON -DWS_CUDA=OFF -DWS_BUILD_GUI=OFF -DCMAKE_UNITY_BUILD=ON \
  -DWS_FUZZ_SMOKE_SECONDS="${WS_FUZZ_SMOKE_SECONDS:-10}" >/dev/null
cmake --build "$dir" -j"$(nproc)" --target ws_fuzzers

# Reports name functions and lines when an llvm-symbolizer (any version) is here.
if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ]; then
  sym=$(command -v "llvm-symbolizer-${cxx##*clang++-}" llvm-symbolizer 2>/dev/null | head -1 || true)
  [ -n "$sym" ] && export ASAN_SYMBOLIZER_PATH="$(readlink -f "$sym")"
fi

if [ $# -eq 0 ]; then
  cd "$dir"
  exec ctest -L fuzz --output-on-failure -j"$(nproc)"
fi

name=$1 seconds=${2:?usage: scripts/fuzz.sh NAME SECONDS [libFuzzer args]}
shift 2
exe="$dir/tests/fuzz/fuzz_$name"
[ -x "$exe" ] || { echo "fuzz.sh: no harness '$name' (see tests/fuzz/)" >&2; exit 2; }
work="$dir/tests/fuzz/work/$name" artifacts="$dir/tests/fuzz/artifacts/$name"
mkdir -p "$work" "$artifacts"
dict=()
[ -f "$root/tests/fuzz/$name.dict" ] && dict=(-dict="$root/tests/fuzz/$name.dict")
exec "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "${dict[@]}" \
  -artifact_prefix="$artifacts/" "$@" "$work" "$root/tests/fuzz/corpus/$name"
