#!/usr/bin/env bash
# The coalescing kernels (issue 34) measured in one device call, on an H100 or an
# H200: strided_read, offset_read, aos_field and soa_field at their defaults and
# over the sweep of scripts/coalescing-sweeps.sh, timed (bench: warm-up, CUDA
# events, median of 100 launches, the blog's twins in turn) and counted (ncu),
# then their GPU tests, their SASS's access widths and compute-sanitizer memcheck.
# Binaries: scripts/gpu-bundle.sh kernels_gpu_test (here) or scripts/device-build.sh
# (there), in BIN_DIR (default build-carry). Results: $OUT/results.tar.gz, one folder
# per kernel as `gpu-measure.sh kernel` writes them, for
#   scripts/make_measurements.py --update RESULTS/NAME assets/measurements/<gpu>.json
# About 2.5 minutes on an H100 (2026-11-28: 150 s, the build aside).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/scripts/strip-output.sh"  # what it prints holds no machine folder (issue 37)
export BIN_DIR=${BIN_DIR:-$here/build-carry}
export LD_LIBRARY_PATH=$BIN_DIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export WARPSCOPE_DATA_DIR=$here WARPSCOPE_MEASUREMENTS_DIR=$here/assets/measurements
res=${RESULTS_DIR:-$(mktemp -d)}
mkdir -p "$res"
kernels=(strided_read offset_read aos_field soa_field)
step() { echo "== $* ($(date +%T))"; }

step "timings and counters"
NO_CHECKS=1 RESULTS_DIR=$res OUT=${OUT:-/tmp} "$here/scripts/gpu-measure.sh" kernel "${kernels[@]}"

step "GPU tests: the kernels and the blog's twins at odd sizes against the CPU reference"
"$BIN_DIR/kernels_gpu_test" --gtest_filter='Gpu.InfoNamesTheDevice:Gpu.GlobalPatterns*' 2>&1 | tee "$res/gtest.txt" |
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |Failure"
# The tracer records one 4-byte load and one 4-byte store per thread (the field
# alone for aos_field): the SASS of each entry should hold one LDG.E and one STG.E, none wider.
step "SASS of the entries: global loads and stores"
for v in StridedRead OffsetRead 'AosField.*Particle12' 'AosField.*Particle16' SoaField; do  # mangled names
  echo "$v: $(awk -v v="$v" '/Function :/ {on = ($0 ~ "ws_kernel") && ($0 ~ v)} on && /(LDG|STG)/ {match($0, /(LDG|STG)[.A-Z0-9]*/); print substr($0, RSTART, RLENGTH)}' "$res/sass.txt" | sort | uniq -c | tr '\n' ' ')"
done

step "compute-sanitizer memcheck"
compute-sanitizer --tool memcheck --error-exitcode 9 "$BIN_DIR/kernels_gpu_test" \
  --gtest_filter='Gpu.GlobalPatterns*' > "$res/memcheck.txt" 2>&1
echo "memcheck rc=$?"; tail -3 "$res/memcheck.txt"

tar -C "$res" -czf "${OUT:-/tmp}/results.tar.gz" .
step "summary: kernel, parameters, median ms, GB/s (effective: 4 B read + 4 B written per element), vs twin"
for k in "${kernels[@]}"; do cat "$res/$k"/bench-all.txt 2>/dev/null | grep "^$k "; done
for f in "$res"/*/sweep-*.json; do
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); [print(k, {p: v for p, v in e['params'].items() if p in ('stride', 'offset', 'bytes')}, round(e['median_ms'], 4), round(e['gbps']), e.get('handwritten', {}).get('median_ms')) for k, e in d['kernels'].items()]" "$f"
done
step "done"
