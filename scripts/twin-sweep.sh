#!/usr/bin/env bash
# Times every tiled catalog kernel against its hand-written twin at every
# tile x rows-per-block shape the window and the CLI accept (kTileShapes in
# kernels/src/family.hpp), at 8192^2: issue 8's "within 3% at every shape".
# For the device machine; binaries from scripts/gpu-bundle.sh (build-carry/).
#   usage: scripts/twin-sweep.sh RESULTS_DIR [KERNEL...]   then scripts/twin-table.py RESULTS_DIR
# MIN_TILE=16 skips the 2-, 4- and 8-wide tiles (tens of ms a launch at 8192^2;
# every kernel ran them within 0.1% of, or faster than, its twin on 2026-11-26);
# MAX_TILE=8 sweeps only those.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/scripts/strip-output.sh"  # what it prints holds no machine folder (issue 37)
bin=$here/build-carry
export LD_LIBRARY_PATH=$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export WARPSCOPE_DATA_DIR=$here
res=${1:?results directory}
mkdir -p "$res"
kernels=("${@:2}")
[ ${#kernels[@]} -gt 0 ] || kernels=(copy transpose_naive transpose_shared transpose_padded transpose_rotated transpose_xor)
# The shapes, read from the source so the sweep cannot drift from what the catalog compiles.
shapes=$(sed -n '/kTileShapes\[\] = {/,/};/p' "$here/kernels/src/family.hpp" | grep -o '{[0-9]*, *[0-9]*}' | tr -d '{} ')
[ -n "$shapes" ] || { echo "twin-sweep: no shapes found in kernels/src/family.hpp" >&2; exit 2; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv | tee "$res/nvidia-smi.csv"
for k in "${kernels[@]}"; do
  for s in $shapes; do
    t=${s%,*}; r=${s#*,}
    [ "$t" -ge "${MIN_TILE:-0}" ] && [ "$t" -le "${MAX_TILE:-64}" ] || continue
    # Tiny blocks at 8192^2 take tens of ms a launch: fewer launches there.
    n=${REPEAT:-50}; [ $((t * r)) -lt 64 ] && n=10
    timeout 120 "$bin/warpscope" bench --kernel "$k" --tile "$t" --block-rows "$r" --repeat "$n" \
      --json "$res/twin-$k-$t-$r.json" | grep "^$k " || echo "$k $t x $r: failed (rc ${PIPESTATUS[0]})"
  done
done
