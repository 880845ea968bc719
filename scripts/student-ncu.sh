#!/usr/bin/env bash
# Records Nsight Compute's counters and the GPU's times for the classic kernels
# of tests/student_kernels, traced by `warpscope kernel` (issue 35): for each
# file, its launch line run once under ncu (the thirteen counters `reconcile`
# reads) and 100 timed launches with the simulator's counters (--json). The
# results go under assets/measurements/student-kernels/ (with each file's SASS
# listing, nvdisasm -g -c of nvcc's sm_90 cubin) and
# tests/student/student_ncu_test.cpp compares the simulator with them.
#   usage: scripts/student-ncu.sh WARPSCOPE RESULTS
# On the GPU machine: scripts/device-build.sh .device warpscope student_kernel_test first.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ws=${1:?usage: $0 WARPSCOPE RESULTS}
res=${2:?usage: $0 WARPSCOPE RESULTS}
mkdir -p "$res"
command -v ncu > /dev/null || { echo "student-ncu: no ncu on the PATH" >&2; exit 3; }
metrics=$(sed -n '/^const char\* const kNcuMetrics =/,/;$/p' "$here/app/cli/ncu_launch.cpp" | grep -o '"[^"]*"' | tr -d '"\n')
{
  echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
  echo "ncu: $(ncu --version | tail -1)"
  echo "nvcc: $(nvcc --version | tail -2 | head -1)"
  echo "date: $(date -u +%F)"
  echo "command: scripts/student-ncu.sh WARPSCOPE RESULTS (each file's launch line; ncu --metrics <the thirteen> --launch-count 1; then --run --repeat 100 --json)"
} > "$res/machine.txt"
cat "$res/machine.txt"
for f in "$here"/tests/student_kernels/*.cu; do
  name=$(basename "$f" .cu)
  [ "$name" = histogram_shared ] && continue  # refused by design: no counters to compare
  read -ra launch <<< "$(head -1 "$f" | sed 's|^// launch:||')"
  entry=$(grep -o '__global__ void [A-Za-z_0-9]*' "$f" | head -1 | awk '{print $3}')
  # What nvcc made of it: the SASS with source lines (warpscope kernel --sass reads it where nvdisasm is absent).
  nvcc -cubin -arch=sm_90 -lineinfo -std=c++17 -o "$res/$name.cubin" "$f" && nvdisasm -g -c "$res/$name.cubin" > "$res/$name.sass.txt"
  rm -f "$res/$name.cubin"
  WS_KERNEL_IN_PROCESS=1 ncu --metrics "$metrics" --kernel-name "regex:^$entry\$" --launch-count 1 -f -o "$res/$name" \
    "$ws" kernel "$f" "${launch[@]}" --run --repeat 1 > "$res/$name.ncu.log" 2>&1 || { echo "$name: ncu failed"; tail -3 "$res/$name.ncu.log"; continue; }
  ncu --import "$res/$name.ncu-rep" --page raw --csv > "$res/$name.metrics.csv" 2>> "$res/$name.ncu.log"
  rm -f "$res/$name.ncu-rep"
  "$ws" kernel "$f" "${launch[@]}" --run --repeat 100 --json > "$res/$name.json" 2> "$res/$name.err" || echo "$name: --run failed: $(tail -1 "$res/$name.err")"
  echo "$name: $(grep -o '"median_ms":[0-9.e-]*' "$res/$name.json")"
done
