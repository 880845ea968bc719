#!/usr/bin/env bash
# Builds warpscope (installing what is missing) and runs every test through ctest.
# GPU tests skip where no GPU is present; window tests run under xvfb-run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh"
cd "$root/build"
ctest --output-on-failure -j"$(nproc)" --timeout 600
