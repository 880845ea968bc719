#!/usr/bin/env bash
# Builds warpscope (installing what is missing) and runs every test through ctest.
# GPU tests skip where no GPU is present; window tests run under xvfb-run.
# Then the two guard builds, which CI runs too (their own folders, so build/ is
# unchanged): the libFuzzer harnesses' smoke run (scripts/fuzz.sh, clang,
# build-fuzz/, about a minute) and the whole suite under ASan + UBSan
# (scripts/sanitize.sh, gcc, build-asan/). WS_SKIP_GUARDS=1 skips both for a
# quick local run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh"
(cd "$root/build" && ctest --output-on-failure -j"$(nproc)" --timeout 600)
if [ "${WS_SKIP_GUARDS:-0}" = 1 ]; then
  echo "test.sh: WS_SKIP_GUARDS=1: fuzz smoke run and sanitizer build skipped"
  exit 0
fi
if command -v clang++ >/dev/null; then
  "$root/scripts/fuzz.sh"
else
  echo "test.sh: no clang++: fuzz smoke run skipped (scripts/install-deps.sh installs clang)"
fi
"$root/scripts/sanitize.sh"
