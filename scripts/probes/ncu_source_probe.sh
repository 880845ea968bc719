#!/usr/bin/env bash
# On the device machine: builds ncu_source_probe.cu and exports what Nsight
# Compute's Source page and its raw page give for it, as CSV, into $OUT
# (issue 25: the format warpscope reconcile --ncu-csv reads).
#   usage: scripts/probes/ncu_source_probe.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-/tmp/ncu-probe}
work=$(mktemp -d)
mkdir -p "$out"
log=$out/probe-log.txt
{
  date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; nvcc --version | tail -1
  nvcc -O3 -arch=sm_90 -lineinfo "$here/ncu_source_probe.cu" -o "$work/probe" || exit 1
  cuobjdump -sass "$work/probe" | grep -E 'Function|LDS|STS|LDG|STG' > "$out/probe-sass.txt"
  ncu --help > "$out/ncu-help.txt" 2>&1
  metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
  metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum.ideal,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum.ideal
  metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
  metrics+=,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
  metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
  metrics+=,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
  metrics+=,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum,smsp__sass_inst_executed_op_ldsm.sum
  echo "== raw page"
  ncu --clock-control none --metrics "$metrics" --csv --page raw "$work/probe" > "$work/raw.csv" 2> "$work/raw.err"; echo "rc=$?"
  echo "== report with SourceCounters"
  ncu --clock-control none --section SourceCounters --metrics "$metrics" --import-source yes -o "$work/rep" "$work/probe" > "$work/rep.log" 2>&1; echo "rc=$?"; tail -3 "$work/rep.log"
  for p in sass cuda cuda,sass; do
    echo "== source page --print-source $p"
    ncu --import "$work/rep.ncu-rep" --page source --csv --print-source "$p" > "$work/src-${p/,/-}.csv" 2> "$work/src-${p/,/-}.err"; echo "rc=$? lines=$(wc -l < "$work/src-${p/,/-}.csv")"; head -c 600 "$work/src-${p/,/-}.err"
  done
  echo "== details page"
  ncu --import "$work/rep.ncu-rep" --page details --csv > "$work/details.csv" 2>&1; echo "rc=$?"
  echo "== source page, one launch, by kernel name"
  ncu --import "$work/rep.ncu-rep" --page source --csv --print-source sass -k lds128_probe > "$work/src-lds128.csv" 2>&1; echo "rc=$?"
  ncu --version
} > "$log" 2>&1
cat "$log"
(cd "$work" && tar -czf "$out/probe-csv.tar.gz" raw.csv raw.err rep.log src-*.csv src-*.err details.csv src-lds128.csv)
ls -la "$out"
