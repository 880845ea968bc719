#!/usr/bin/env bash
# Builds warpscope (installing what is missing) and runs every test through ctest.
# GPU tests skip where no GPU is present; window tests run under xvfb-run.
# Then the three guard builds, which CI runs too (their own folders, so build/ is
# unchanged): the libFuzzer harnesses' smoke run (scripts/fuzz.sh, clang,
# build-fuzz/, about two minutes), the suite under ASan + UBSan
# (scripts/sanitize.sh, gcc, build-asan/, about seven minutes on 2 cores) and the
# web page built with Emscripten and tested in headless Chromium
# (scripts/web-test.sh, build-web/, about four minutes). All four run even when
# one fails; the exit code is non-zero if any did.
# WS_SKIP_GUARDS=1 skips the guard builds for a quick local run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh"
failed=()
(cd "$root/build" && ctest --output-on-failure -j"$(nproc)" --timeout 600) || failed+=("tests (build/)")
if [ "${WS_SKIP_GUARDS:-0}" = 1 ]; then
  echo "test.sh: WS_SKIP_GUARDS=1: fuzz smoke run, sanitizer build and web page skipped"
else
  if "$root/scripts/fuzz-clang.sh" >/dev/null; then
    "$root/scripts/fuzz.sh" || failed+=("fuzz smoke run (build-fuzz/)")
  else
    echo "test.sh: fuzz smoke run skipped (no clang >= 16 with libFuzzer)"
  fi
  "$root/scripts/sanitize.sh" || failed+=("ASan + UBSan tests (build-asan/)")
  "$root/scripts/web-test.sh" || failed+=("web page in headless Chromium (build-web/)")
fi
if [ ${#failed[@]} -gt 0 ]; then
  printf 'test.sh: FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "test.sh: all passed"
