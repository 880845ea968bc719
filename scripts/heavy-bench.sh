#!/usr/bin/env bash
# The heaviest states warpscope accepts, timed one process at a time with
# /usr/bin/time (wall and CPU seconds, peak resident memory): screenshots at the
# largest size the window takes, of the costliest whole-kernel views within the
# window's work limit, the comparison of every recorded kernel, a lesson at its
# text limits; compare over a measurement file at the entry limit; and the
# inputs just past each cap, which must be refused at once (exit 2).
# docs/performance.md ("Heavy states") records its figures.
#   usage: scripts/heavy-bench.sh [BUILD_DIR]          (default: build)
# Runs under xvfb-run when there is no DISPLAY.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
exe="$build/app/warpscope"
[ -x "$exe" ] || { echo "heavy-bench: no $exe (build first)" >&2; exit 2; }
if [ -z "${DISPLAY:-}" ] && [ -z "${WS_HEAVY_BENCH_INNER:-}" ]; then
  exec env WS_HEAVY_BENCH_INNER=1 xvfb-run -a -s "-screen 0 1920x1080x24" "$0" "$@"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Inputs: a lesson with every text field at its limit, a measurement file of
# 2000 distinct entries (the limit; the recorded entries with their sizes
# varied) and one of 150 MB (past the 16 MiB limit).
mkdir -p "$work/lessons" "$work/big-entries" "$work/big-file"
python3 - "$root" "$work" <<'EOF'
import json, sys
root, work = sys.argv[1], sys.argv[2]
q = {"prompt": "p" * 1000, "answer": "wavefronts", "reveal": "r" * 8000,
     "choices": ["wavefronts + %d" % i for i in range(9)]}
lesson = {"number": 1, "title": "T" * 200, "summary": "s" * 1000,
          "steps": [{"title": "t" * 200, "state": {"kernel": "smem_stride", "site": "buf_load", "view": "bank-map"},
                     "text": "x" * 8000, "question": q}]}
json.dump(lesson, open(f"{work}/lessons/01-at-limits.json", "w"))
h100 = json.load(open(f"{root}/assets/measurements/h100.json"))
entries = list(h100["kernels"].items())
kernels = {}
n = 0
while len(kernels) < 2000:
    for key, e in entries:
        e = json.loads(json.dumps(e))
        p = e.setdefault("params", {})
        if "rows" in p:
            p["rows"] = max(64, p["rows"] - 64 * n)
        kernels[f"{key} #{n}"] = e
        if len(kernels) == 2000:
            break
    n += 1
big = dict(h100, kernels=kernels)
json.dump(big, open(f"{work}/big-entries/h100.json", "w"))
pad = dict(h100, padding=["x" * 1000] * 150000)
json.dump(pad, open(f"{work}/big-file/h100.json", "w"))
EOF

printf '%-52s %8s %8s %9s %5s\n' "case" "wall s" "cpu s" "peak MB" "exit"
run() {
  local label=$1
  shift
  local out="$work/time.txt"
  set +e
  /usr/bin/time -f "%e %U %S %M" -o "$out" "$@" >/dev/null 2>"$work/err.txt"
  local rc=$?
  set -e
  tail -1 "$out" | awk -v l="$label" -v rc="$rc" '{ printf "%-52s %8.2f %8.2f %9.0f %5d\n", l, $1, $2 + $3, $4 / 1024, rc }'
}
shot() { run "$1" "$exe" screenshot "${@:2}" --out "$work/shot.png"; }
shot "screenshot copy 1280x720 (baseline)" --kernel copy --size 1280x720
shot "screenshot copy 3840x2160" --kernel copy --size 3840x2160
shot "screenshot matmul_tiled 4096^2 t32 whole-kernel 4K" --kernel matmul_tiled --rows 4096 --cols 4096 --tile 32 \
  --results whole-kernel --size 3840x2160
shot "screenshot matmul_naive 4096^3 whole-kernel 4K" --kernel matmul_naive --rows 4096 --cols 4096 --inner 4096 \
  --results whole-kernel --size 3840x2160
shot "screenshot transpose_naive 16384^2 whole-kernel 4K" --kernel transpose_naive --rows 16384 --cols 16384 \
  --results whole-kernel --size 3840x2160
shot "screenshot --results compare 4K" --kernel copy --results compare --size 3840x2160
run "screenshot lesson at its limits, presenter 4K" env WARPSCOPE_LESSONS_DIR="$work/lessons" "$exe" screenshot \
  --lesson at-limits --present --reveal --size 3840x2160 --out "$work/shot.png"
run "compare --gpu h100 (committed file)" "$exe" compare --gpu h100
run "compare, 2000 entries (the limit)" env WARPSCOPE_MEASUREMENTS_DIR="$work/big-entries" "$exe" compare --gpu h100
echo "refused at once (exit 2):"
shot "  screenshot 8192x8192" --kernel copy --size 8192x8192
shot "  screenshot matmul_naive 16384^3 whole-kernel" --kernel matmul_naive --rows 16384 --cols 16384 --inner 16384 \
  --results whole-kernel --size 1280x720
run "  compare, a 150 MB file" env WARPSCOPE_MEASUREMENTS_DIR="$work/big-file" "$exe" compare --gpu h100
