#!/usr/bin/env bash
# Re-renders the screenshots in docs/ from the current build and the recorded
# measurements (no GPU needed; under xvfb-run when there is no display).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ws="$root/build/app/warpscope"
shot() { xvfb-run -a -s "-screen 0 1920x1080x24" "$ws" screenshot --size 1600x900 "$@"; }
shot --kernel transpose_shared --site tile_load --out "$root/docs/screenshot-transpose-shared.png"
shot --kernel transpose_padded --site tile_load --results whole-kernel --out "$root/docs/screenshot-transpose-padded.png"
shot --kernel transpose_naive --site out_store --block 3,2 --warp 5 --detail blocks \
  --out "$root/docs/screenshot-global-sectors.png"
# At the projector size (1280 x 720); lessons in presenter mode (docs/lessons.md).
projector() { xvfb-run -a -s "-screen 0 1920x1080x24" "$ws" screenshot --size 1280x720 "$@"; }
lesson() { projector --present "$@"; }
lesson --lesson transpose-shared --step 3 --reveal --out "$root/docs/screenshot-lesson-transpose-shared.png"
lesson --lesson coalescing --step 2 --reveal --out "$root/docs/screenshot-lesson-coalescing.png"
lesson --lesson padding --step 4 --out "$root/docs/screenshot-lesson-padding.png"
# Your variant: a typed tile layout beside the catalog's (README, "Your variant").
projector --variant-layout '(c + 2*r) % T' --out "$root/docs/variant-layout.png"
# Measured vs predicted on the recorded H100 (docs/prediction.md), at the projector size.
projector --kernel transpose_shared --results compare --out "$root/docs/screenshot-measured-vs-predicted.png"
# A student's own .cu file (docs/your-kernel.md), from a neutral folder so that no machine's path shows.
mkdir -p /tmp/homework
cp "$root/tests/student_kernels/reduce_interleaved.cu" "$root/tests/student_kernels/scan_work_efficient_padded.cu" /tmp/homework/
projector --cu /tmp/homework/reduce_interleaved.cu --out "$root/docs/screenshot-your-kernel.png"
projector --cu /tmp/homework/scan_work_efficient_padded.cu --results whole-kernel --out "$root/docs/screenshot-your-kernel-whole.png"
