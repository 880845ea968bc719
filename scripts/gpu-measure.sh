#!/usr/bin/env bash
# Measures the catalog on a real GPU in one go (for the device machine):
# bench timings, Nsight Compute counters, the SASS of every kernel, the GPU
# tests and compute-sanitizer. Binaries are built elsewhere (scripts/gpu-bundle.sh)
# and carried in build-carry/; everything lands in $OUT/results.tar.gz plus a log.
#   usage: scripts/gpu-measure.sh [smoke|full|timings|counters|kernel NAME...]
# A full run takes about 11 minutes on an H100 (past the device's 10-minute call
# limit with the checks): `timings` (calibration and bench) and `counters` (ncu,
# SASS, the GPU tests and compute-sanitizer) split it into two calls on the same
# machine; unpack both into one directory for make_measurements.py. Counting
# the twins' 24 extra shapes and transpose_fast's 4 adds about two minutes to
# `counters` (2026-11-26, H100); where that call would pass the limit, give it
# NO_TWIN_SHAPES=1 and count them in a third call, `SHAPE_COUNTERS_ONLY=1 ... counters`.
# `kernel NAME...` re-measures kernels after a change to their bodies: each one's
# defaults and sweeps, timed and counted, into a folder of its own (NAME/), then
# the SASS, the GPU tests, the width and counter checks and compute-sanitizer once
# (no calibration); `make_measurements.py --update RESULTS/NAME` puts each one's
# entries into the committed file.
set -uo pipefail
mode=${1:-full}
only=""
kernels=()
[ "$mode" = kernel ] && { kernels=("${@:2}"); [ ${#kernels[@]} -gt 0 ] || { echo "usage: $0 kernel NAME..." >&2; exit 2; }; }
wanted() { [ -z "$only" ] || [ "$1" = "$only" ]; }
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/scripts/strip-output.sh"  # what it prints holds no machine folder (issue 37)
bin=${BIN_DIR:-$here/build-carry}  # BIN_DIR: another folder of gpu-bundle.sh's binaries
export LD_LIBRARY_PATH=$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export WARPSCOPE_DATA_DIR=$here
res=${RESULTS_DIR:-$(mktemp -d)}  # RESULTS_DIR: keep partial results if the run is cut short
mkdir -p "$res"
ws=$bin/warpscope
# Timed launches per kernel: the median of 100 steadies the ~0.2 ms transposes.
repeat=${REPEAT:-100}
step() { echo "== $* ($(date +%T))"; }

# Sweeps: "kernel|flags" (the flags also name the entry in the measurement file).
sweeps=(
  "smem_stride|--stride 1 --bytes 4" "smem_stride|--stride 2 --bytes 4" "smem_stride|--stride 3 --bytes 4"
  "smem_stride|--stride 4 --bytes 4" "smem_stride|--stride 8 --bytes 4" "smem_stride|--stride 16 --bytes 4"
  "smem_stride|--stride 33 --bytes 4" "smem_stride|--stride 1 --bytes 8" "smem_stride|--stride 2 --bytes 8"
  "smem_stride|--stride 1 --bytes 16" "smem_stride|--stride 2 --bytes 16" "smem_broadcast|--stride 32" "smem_broadcast|--stride 1"
  "ldmatrix_swizzle|--swizzle 0" "transpose_shared|--tile 16 --block-rows 16" "matmul_tiled|--tile 32"
  "transpose_fast|--swizzle 0"
  "transpose_naive|--rows 45 --cols 27 --tile 16 --block-rows 4" "transpose_naive|--rows 31 --cols 33 --tile 8 --block-rows 2"
  "transpose_padded|--rows 45 --cols 27 --tile 16 --block-rows 4" "transpose_padded|--tile 32 --block-rows 16"
  "copy|--tile 32 --block-rows 16" "matmul_tiled|--tile 8"
  "smem_stride|--stride 32 --bytes 8" "smem_stride|--stride 32 --bytes 16" "smem_broadcast|--stride 2"
  "smem_broadcast|--stride 8"
)
# Sizes the calibration never saw (docs/prediction.md): timed and counted like the sweeps.
for k in copy transpose_naive transpose_shared transpose_padded; do
  sweeps+=("$k|--rows 2048 --cols 2048" "$k|--rows 16384 --cols 4096")
done
sweeps+=("matmul_naive|--rows 1024 --cols 1024" "matmul_tiled|--rows 1024 --cols 1024"
  "matmul_naive|--rows 4096 --cols 4096" "matmul_tiled|--rows 4096 --cols 4096"
  "matmul_tiled|--rows 4096 --cols 4096 --tile 32")
# The coalescing kernels' strides, offsets and struct sizes (scripts/gpu-coalescing.sh measures them
# alone: 42 points, about 2.5 minutes of bench and ncu on an H100).
source "$here/scripts/coalescing-sweeps.sh"
sweeps+=("${coalescing_sweeps[@]}")
[ "$mode" = smoke ] && sweeps=("smem_stride|--stride 2 --bytes 4")
# Hand-written twins at more shapes (bench's "vs hand" column), which the
# lessons also show: timed with 50 launches, and counted.
twin_shapes=()
for k in copy transpose_naive transpose_shared transpose_padded transpose_rotated transpose_xor; do
  for shape in "--tile 32 --block-rows 32" "--tile 16 --block-rows 16" "--tile 16 --block-rows 4" "--tile 64 --block-rows 16"; do
    twin_shapes+=("$k|$shape")
  done
done
[ "$mode" = smoke ] && twin_shapes=()
# NO_TWIN_SHAPES=1: leave the twins' shapes out (not transpose_fast's): a re-timing
# that keeps their entries (make_measurements.py --timings), or a `counters`
# call that leaves them to a SHAPE_COUNTERS_ONLY call.
[ -n "${NO_TWIN_SHAPES:-}" ] && twin_shapes=()
# transpose_fast shapes: rows per block (--tile) x thread rows (--block-rows).
# --swizzle 1: staged through a swizzled shared tile; 0: registers only.
fast_shapes=("128 32 1" "256 32 1" "64 8 1" "64 16 0")
# SHAPE_COUNTERS_ONLY=1 with `counters`: count only the twins' and
# transpose_fast's extra shapes, no SASS or checks (after a `timings` call on
# the same machine, for make_measurements.py --timings).
shape_counters_only=${SHAPE_COUNTERS_ONLY:-}
[ -z "$shape_counters_only" ] || [ "$mode" = counters ] || { echo "SHAPE_COUNTERS_ONLY goes with the counters mode" >&2; exit 2; }

measure_timings() {
  if [ -z "$only" ]; then
    step "calibration: the prediction model's device parameters (microbenchmarks, before anything heats the GPU)"
    "$ws" bench --calibrate --json "$res/calibrate.json" 2>&1 | tee "$res/calibrate.txt"
  fi

  step "bench: ${only:-every kernel} at its default sizes"
  "$ws" bench --kernel "${only:-all}" --repeat "$repeat" --json "$res/bench-all.json" 2>&1 | tee "$res/bench-all.txt"
  [ -z "$only" ] || { measure_sweeps; return; }
  for v in "${fast_shapes[@]}"; do
    set -- $v
    "$ws" bench --kernel transpose_fast --tile "$1" --block-rows "$2" --swizzle "$3" --repeat "$repeat" \
      --json "$res/bench-fast-$1x$2-s$3.json" | grep "^transpose_fast "
  done
  measure_sweeps
}

measure_sweeps() {
  local i=0 s k f r
  for s in "${sweeps[@]}" "${twin_shapes[@]}"; do
    k=${s%%|*}; f=${s#*|}; i=$((i + 1))
    wanted "$k" || continue
    echo "$k|$f" > "$res/sweep-$i.name"
    r=$repeat
    case "$f" in *4096*4096*) r=20 ;; esac  # 4096^2 matmuls take 10-60 ms a launch
    [ "$i" -gt "${#sweeps[@]}" ] && r=50    # the twins-only shapes
    "$ws" bench --kernel "$k" $f --repeat "$r" --json "$res/sweep-$i.json" | grep "^$k "
  done
}

measure_counters() {
  step "Nsight Compute"
  local metrics i=0 s k f
  metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
  metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
  metrics+=,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
  metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
  metrics+=,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
  metrics+=,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum
  metrics+=,smsp__sass_inst_executed_op_ldsm.sum,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum
  count() { ncu --clock-control none --metrics "$metrics" --csv --page raw -k regex:ws_kernel "$ws" bench "$@" --launch-once; }
  if [ -z "$shape_counters_only" ]; then
    count --kernel "${only:-all}" > "$res/ncu-all.csv" 2> "$res/ncu-all.err"
    echo "ncu all: rc=$? rows=$(wc -l < "$res/ncu-all.csv")"
  fi
  for s in "${sweeps[@]}" "${twin_shapes[@]}"; do  # numbered as measure_sweeps numbers them
    k=${s%%|*}; f=${s#*|}; i=$((i + 1))
    wanted "$k" || continue
    [ -n "$shape_counters_only" ] && [ "$i" -le "${#sweeps[@]}" ] && continue
    count --kernel "$k" $f > "$res/ncu-sweep-$i.csv" 2>> "$res/ncu-all.err"
  done
  if [ -z "$only" ]; then  # as measure_timings times them
    for v in "${fast_shapes[@]}"; do
      set -- $v
      count --kernel transpose_fast --tile "$1" --block-rows "$2" --swizzle "$3" > "$res/ncu-fast-$1x$2-s$3.csv" 2>> "$res/ncu-all.err"
    done
  fi
  echo "ncu: $(ls "$res"/ncu-sweep-*.csv "$res"/ncu-fast-*.csv 2>/dev/null | wc -l) shape files"
}

dump_sass() {
  step "SASS"
  cuobjdump -sass "$ws" > "$res/sass.txt" 2>&1; echo "cuobjdump rc=$? lines=$(wc -l < "$res/sass.txt")"
}

step "machine"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv | tee "$res/nvidia-smi.csv"
ncu --version | tail -1
if [ "$mode" = kernel ]; then
  base=$res
  for only in "${kernels[@]}"; do
    res=$base/$only
    mkdir -p "$res"
    cp "$base/nvidia-smi.csv" "$res/"
    measure_timings
    measure_counters
  done
  res=$base
  only=""
else
  [ "$mode" = counters ] || measure_timings
  [ "$mode" = timings ] || measure_counters
fi
[ "$mode" = timings ] || [ -n "$shape_counters_only" ] || dump_sass

# A call must fit the device's limit (600 s): in a full run the checks below are
# skipped, and say so, when the measurements took too long.
checks=yes
check_tests=()  # all of build-carry's tests
case "$mode" in
  smoke | timings) checks=no ;;
  counters) [ -z "$shape_counters_only" ] || checks=no ;;
  kernel) check_tests=(kernels_gpu_test kernels_variant_test kernels_fidelity_test) ;;  # GPU tests (catalog and typed variants); SASS widths, counters
  full) if [ "$SECONDS" -gt "${CHECKS_DEADLINE_S:-400}" ]; then
      echo "== skipping the GPU tests and compute-sanitizer: ${SECONDS} s used already"
      checks=no
    fi ;;
esac
[ -n "${NO_CHECKS:-}" ] && checks=no  # the caller runs its own (scripts/gpu-coalescing.sh)
if [ $checks = yes ]; then
  step "GPU tests and compute-sanitizer (scripts/gpu-checks.sh)"
  "$here/scripts/gpu-checks.sh" "$res" "$res/sass.txt" "${check_tests[@]}"
  echo "gpu-checks rc=$?"
fi

tar -C "$res" -czf "${OUT:-/tmp}/results.tar.gz" .
step "done"
