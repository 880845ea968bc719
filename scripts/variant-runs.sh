#!/usr/bin/env bash
# Students' variants on the GPU machine: each typed variant compiled with NVRTC,
# checked against the CPU reference and timed (`warpscope variant --run --json`),
# the catalog's kernels beside it timed in the same run. One JSON object per
# line in $OUT/variants.jsonl; scripts/make_variant_records.py turns it into
# assets/measurements/variants/<gpu>.json with the GPU, driver, date and command.
#   usage: scripts/variant-runs.sh WARPSCOPE_BINARY
# The variants: two conflict-free layouts, two conflicted, one padded; and
# shared-bound access patterns where conflicts set the time.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/scripts/strip-output.sh"  # what it prints holds no machine folder (issue 37)
exe=${1:?usage: $0 WARPSCOPE_BINARY}
out=${OUT:-.}/variants.jsonl
: > "$out"
layouts=('(c + r) % T' 'c ^ r' 'c' '(c + 2*r) % T' 'r*(T+1) + c')
# The last two: ldmatrix-like rows (8 rows 128 bytes apart per quarter warp), plain and with TMA's 128B swizzle.
patterns=('4*(17*lane)' '4*(2*lane)' '4*(16*lane)' '8*(lane ^ (i % 4))' '16*(4*lane)'
          '128*(lane % 8) + 16*(lane / 8)' '128*(lane % 8) + 16*(lane / 8)')
pattern_bytes=(4 4 4 8 16 16 16)
pattern_swizzle=('' '' '' '' '' '' tma128)
for l in "${layouts[@]}"; do
  for size in "--rows 8192 --cols 8192" "--rows 3000 --cols 5000"; do
    # shellcheck disable=SC2086  # $size is two flags
    "$exe" variant --kernel transpose_shared --layout "$l" $size --run --repeat 50 --json >> "$out" \
      || echo "variant-runs: '$l' $size failed (exit $?)" >&2
  done
done
for i in "${!patterns[@]}"; do
  swizzle=()
  [ -n "${pattern_swizzle[$i]}" ] && swizzle=(--swizzle-preset "${pattern_swizzle[$i]}")
  "$exe" variant --kernel smem_stride --pattern "${patterns[$i]}" --bytes "${pattern_bytes[$i]}" "${swizzle[@]}" \
    --run --repeat 50 --json >> "$out" || echo "variant-runs: '${patterns[$i]}' failed (exit $?)" >&2
done
echo "variant-runs: $(wc -l < "$out") variants in $out"
