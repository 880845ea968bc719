#!/usr/bin/env bash
# Shared wavefronts per instruction of a kernel launched as ONE block, beside
# the same shape over a whole 8192^2 matrix (docs/performance.md, "Fidelity").
# Alone, a block's shared instructions meet no other block's global traffic in
# the L1 data pipe: if the whole kernel's excess over the model is contention,
# it vanishes here; if the model missed a conflict, it stays.
# For the device machine; binaries from scripts/gpu-bundle.sh (build-carry/).
#   usage: scripts/probes/one-block-counters.sh "kernel|flags|rows cols" ...
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=$here/build-carry
export LD_LIBRARY_PATH=$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export WARPSCOPE_DATA_DIR=$here
metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics+=,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
per_instruction() {  # an ncu CSV file -> "load W/I  store W/I" (make_measurements.py reads the CSV)
  python3 - "$1" "$here/scripts" <<'PY'
import sys
sys.path.insert(0, sys.argv[2])
from make_measurements import ncu_rows
m = ncu_rows(sys.argv[1])[0][1]
w, n = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_", "smsp__sass_inst_executed_op_shared_"
print("load %.4f  store %.4f" % (m[w + "ld.sum"] / m[n + "ld.sum"], m[w + "st.sum"] / m[n + "st.sum"]))
PY
}
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for spec in "$@"; do
  IFS='|' read -r k flags size <<< "$spec"
  set -- $size
  for where in "one block ($1 x $2)|--rows $1 --cols $2" "8192 x 8192|"; do
    label=${where%%|*}; extra=${where#*|}
    printf '%-18s %-36s %-22s ' "$k" "$flags" "$label"
    ncu --clock-control none --metrics "$metrics" --csv --page raw -k regex:ws_kernel \
      "$bin/warpscope" bench --kernel "$k" $flags $extra --launch-once > "$csv" 2>/dev/null
    per_instruction "$csv"
  done
done
