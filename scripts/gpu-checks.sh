#!/usr/bin/env bash
# The GPU correctness checks (for the device machine): every GPU test, with the
# SASS width check against a dump of this build, then compute-sanitizer memcheck
# and racecheck over every compiled variant at small and odd sizes. Binaries come
# from scripts/gpu-bundle.sh (build-carry/).
#   usage: scripts/gpu-checks.sh RESULTS_DIR [SASS_FILE [TEST ...]]   (results: gtest.txt, memcheck.txt, racecheck.txt)
# TEST: test executables of build-carry/ to run (default: all of them).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/scripts/strip-output.sh"  # what it prints holds no machine folder (issue 37)
bin=$here/build-carry
res=${1:?results directory}
mkdir -p "$res"
export LD_LIBRARY_PATH=$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export WARPSCOPE_DATA_DIR=$here WARPSCOPE_MEASUREMENTS_DIR=$here/assets/measurements
sass=${2:-$res/sass.txt}
[ -s "$sass" ] || cuobjdump -sass "$bin/warpscope" > "$sass" 2>&1
export WARPSCOPE_SASS_FILE=$sass WARPSCOPE_SASS_REPORT=$res/sass-widths.txt
tests=("${@:3}")
[ ${#tests[@]} -gt 0 ] || tests=("$bin"/*_test)
status=0
for t in "${tests[@]}"; do
  [[ $t == */* ]] || t=$bin/$t
  [ -x "$t" ] || continue
  "$t" > "$res/$(basename "$t").log" 2>&1 || status=1
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[==========\]|Failure" "$res/$(basename "$t").log"
done | tee "$res/gtest.txt"
# The catalog-defaults test (8192^2) is too slow under the tools; it ran above.
small=--gtest_filter=-Gpu.EveryCatalogKernelMatchesItsReference
for tool in memcheck racecheck; do
  compute-sanitizer --tool $tool --error-exitcode 9 "$bin/kernels_gpu_test" $small > "$res/$tool.txt" 2>&1
  rc=$?
  echo "$tool rc=$rc"; tail -3 "$res/$tool.txt"
  [ $rc = 0 ] || status=1
done
grep -q FAILED "$res/gtest.txt" && status=1
exit $status
