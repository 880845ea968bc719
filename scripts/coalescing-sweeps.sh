# The coalescing sweep (issue 34), sourced by gpu-measure.sh: "kernel|flags" as
# its sweeps, each timed and counted. Every stride a course plots; offsets 0..8
# (the sectors repeat with period 8 floats), then 16, 24, 31 and 32 (the lines with
# 32); both struct sizes;
# soa_field has no parameter to sweep (its defaults are bench's default entry).
coalescing_sweeps=()
for s in 1 2 3 4 8 16 32; do coalescing_sweeps+=("strided_read|--stride $s"); done
for o in 0 1 2 3 4 5 6 7 8 16 24 31 32; do coalescing_sweeps+=("offset_read|--offset $o"); done
coalescing_sweeps+=("aos_field|--bytes 12" "aos_field|--bytes 16")
