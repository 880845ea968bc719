#!/usr/bin/env bash
# Records Nsight Compute's Source page (per CUDA line and SASS instruction) and
# kernel-wide metrics of catalog launches, for `warpscope reconcile --gpu`
# (issue 25, docs/ncu.md). For the device machine; binaries from
# scripts/gpu-bundle.sh (build-carry/). Each launch is profiled once, exactly
# as `warpscope reconcile --print-ncu-command` prints it, and exported as
#   RESULTS/NAME.metrics.csv (--page raw) and RESULTS/NAME.source.csv (--page source --print-source cuda,sass)
# with RESULTS/launches.tsv (NAME, kernel, flags, grid|one-block, repeat, rows, cols) and machine.txt.
#   usage: scripts/ncu-record.sh RESULTS [defaults|sweeps|one-block|unrecorded|all]...
#     defaults     every catalog kernel at its defaults, 3 times (run-to-run spread)
#     sweeps       the shapes scripts/gpu-measure.sh measures (the lessons' shapes among them)
#     one-block    the tiled kernels launched as one block beside their whole grid (contention)
#     unrecorded   transpose_padded at 96 x 160, a size recorded nowhere (reconcile --ncu-csv's test)
# defaults + unrecorded are 40 launches, sweeps + one-block 53: at the 4-6 s a launch of
# the 2026-11-27 probe (an estimate, not yet timed on the catalog) each pair fits one
# call of the device's 10-minute limit; `all` does not.
# Then, here: scripts/make_ncu_sources.py --gpu h100 --recorded RESULTS (see its --help).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/scripts/strip-output.sh"  # what it prints holds no machine folder (issue 37)
bin=$here/build-carry
export LD_LIBRARY_PATH=$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export WARPSCOPE_DATA_DIR=$here
ws=$bin/warpscope
res=${1:?usage: $0 RESULTS [defaults|sweeps|one-block|unrecorded|all]...}
shift
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(all)
mkdir -p "$res"
[ -x "$ws" ] || { echo "ncu-record: no $ws (build it with scripts/gpu-bundle.sh)" >&2; exit 2; }
command -v ncu > /dev/null || { echo "ncu-record: no ncu on the PATH" >&2; exit 3; }
wanted() { local p; for p in "${parts[@]}"; do [ "$p" = all ] || [ "$p" = "$1" ] && return 0; done; return 1; }

{
  echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
  echo "ncu: $(ncu --version | tail -1)"
  echo "date: $(date -u +%F)"
  echo "command: scripts/ncu-record.sh RESULTS ${parts[*]} (each launch as warpscope reconcile --print-ncu-command prints it)"
} > "$res/machine.txt"
cat "$res/machine.txt"

n=0
# record NAME KERNEL FLAGS grid|one-block REPEAT [ROWS COLS]: one launch, profiled once, both pages exported.
record() {
  local name=$1 kernel=$2 flags=$3 launch=$4 repeat=$5 rows=${6:-0} cols=${7:-0} cmds profile
  # The exact flags of every parameter the kernel reads, from the printed command.
  cmds=$("$ws" reconcile --kernel "$kernel" $flags --print-ncu-command) || { echo "$name: refused"; return; }
  profile=$(grep -m1 '^ncu .*--section SourceCounters' <<< "$cmds")
  local full=${profile#*bench }; full=${full% --launch-once}; full=${full#--kernel $kernel }
  profile=${profile/ -o $kernel warpscope bench / -o $res/$name $ws bench }
  # A repeat needs only the kernel-wide metrics (the spread): no Source counters, far fewer passes.
  [ "$repeat" = 0 ] || { profile=${profile/ --section SourceCounters/}; profile=${profile/ --import-source yes/}; }
  if ! eval "$profile" > "$res/$name.log" 2>&1; then echo "$name: ncu failed (see $name.log)"; return; fi
  ncu --import "$res/$name.ncu-rep" --page raw --csv > "$res/$name.metrics.csv" 2>> "$res/$name.log"
  if [ "$repeat" = 0 ]; then
    ncu --import "$res/$name.ncu-rep" --page source --csv --print-source cuda,sass > "$res/$name.source.csv" 2>> "$res/$name.log"
  fi
  rm -f "$res/$name.ncu-rep"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$kernel" "$full" "$launch" "$repeat" "$rows" "$cols" >> "$res/launches.tsv"
  n=$((n + 1))
  if [ -s "$res/$name.source.csv" ]; then echo "$name: $(wc -l < "$res/$name.source.csv") Source-page rows ($(date +%T))"
  else echo "$name: metrics only ($(date +%T))"; fi
}

# The catalog's names, from the CLI's own list (a name it does not know is refused with the list).
kernels=$("$ws" report --kernel '?' 2>&1 | sed -n 's/.*(known: \(.*\))/\1/p' | tr -d ',')
[ -n "$kernels" ] || { echo "ncu-record: could not list the catalog" >&2; exit 2; }

if wanted defaults; then
  for k in $kernels; do
    for r in 0 1 2; do record "$k-defaults-r$r" "$k" "" grid "$r"; done
  done
fi

if wanted sweeps; then
  # gpu-measure.sh's sweeps array (kernel|flags), read from the script so the two cannot drift.
  eval "$(sed -n '/^sweeps=(/,/^)/p' "$here/scripts/gpu-measure.sh")"
  i=0
  for s in "${sweeps[@]}"; do
    i=$((i + 1))
    record "${s%%|*}-sweep$i" "${s%%|*}" "${s#*|}" grid 0
  done
fi

if wanted one-block; then
  # kernel|flags|rows cols of one block (as scripts/probes/one-block-counters.sh), then the same over the default grid.
  one_block=("transpose_shared||32 32" "transpose_padded||32 32" "transpose_rotated||32 32" "transpose_xor||32 32"
    "transpose_shared|--tile 32 --block-rows 32|32 32" "transpose_padded|--tile 16 --block-rows 16|16 16"
    "transpose_rotated|--tile 16 --block-rows 16|16 16" "transpose_xor|--tile 16 --block-rows 16|16 16"
    "transpose_fast|--tile 64 --block-rows 8|64 64" "transpose_fast|--tile 256 --block-rows 32|256 64"
    "matmul_tiled||16 16" "matmul_tiled|--tile 8|8 8" "copy||32 32")
  j=0
  for s in "${one_block[@]}"; do
    IFS='|' read -r k flags size <<< "$s"
    set -- $size
    j=$((j + 1))
    record "$k-alone$j" "$k" "$flags --rows $1 --cols $2" one-block 0 "$1" "$2"
    record "$k-whole$j" "$k" "$flags" grid 0
  done
fi

if wanted unrecorded; then
  mkdir -p "$res/unrecorded"
  "$ws" reconcile --kernel transpose_padded --rows 96 --cols 160 --print-ncu-command > "$res/unrecorded/commands.txt"
  record unrecorded-transpose_padded-96x160 transpose_padded "--rows 96 --cols 160" grid 0
  mv "$res"/unrecorded-transpose_padded-96x160.*.csv "$res/unrecorded/"
  sed -i '/^unrecorded-/d' "$res/launches.tsv"  # reconcile --ncu-csv's test reads it, not --gpu
fi
echo "recorded $n launches into $res"
