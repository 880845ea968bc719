#!/usr/bin/env bash
# Builds warpscope (installing what is missing) and runs every test through ctest.
# GPU tests skip where no GPU is present; window tests run under xvfb-run.
# Then the three guard builds, which CI runs too (their own folders, so build/ is
# unchanged): the libFuzzer harnesses' smoke run (scripts/fuzz.sh, clang,
# build-fuzz/), the suite under ASan + UBSan without the window
# (scripts/sanitize.sh, gcc, build-asan/) and the web page built with Emscripten
# and tested in headless Chromium (scripts/web-test.sh, build-web/). All four
# run even when one fails; the exit code is non-zero if any did. At the end it
# prints each stage's wall time and CPU time (user + sys of its processes); the
# README's test paragraph has the figures of a fresh clone on 2 cores.
# WS_SKIP_GUARDS=1 skips the guard builds for a quick local run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# Stage times: wall from $SECONDS, CPU from bash's `times` (the user + sys time
# of this script's finished child processes, in the script's own shell).
times_file=$(mktemp)
cpu=0
read_cpu() {
  times >"$times_file"
  cpu=$(awk 'function s(t,  m) { m = t; sub(/m.*/, "", m); sub(/^[0-9]+m/, "", t); sub(/s$/, "", t); return m * 60 + t }
             NR == 2 { printf "%.0f\n", s($1) + s($2) }' "$times_file")
}
stage_rows=()
stage() {  # stage NAME COMMAND...: runs COMMAND, records its times, returns its status
  local name=$1 t0=$SECONDS c0 rc=0
  shift
  read_cpu; c0=$cpu
  "$@" || rc=$?
  read_cpu
  stage_rows+=("$(printf '  %-9s %5d s wall %6d s CPU%s' "$name" $((SECONDS - t0)) $((cpu - c0)) \
    "$([ $rc -eq 0 ] || echo "  (failed)")")")
  return $rc
}
print_stage_times() {
  if [ ${#stage_rows[@]} -gt 0 ]; then
    read_cpu
    echo "test.sh: stage times"
    printf '%s\n' "${stage_rows[@]}"
    printf '  %-9s %5d s wall %6d s CPU\n' total "$SECONDS" "$cpu"
  fi
  rm -f "$times_file"
}
trap print_stage_times EXIT

stage build "$root/scripts/build.sh"
failed=()
stage ctest bash -c 'cd "$1/build" && ctest --output-on-failure -j"$(nproc)" --timeout 600' _ "$root" || failed+=("tests (build/)")
if [ "${WS_SKIP_GUARDS:-0}" = 1 ]; then
  echo "test.sh: WS_SKIP_GUARDS=1: fuzz smoke run, sanitizer build and web page skipped"
else
  if "$root/scripts/fuzz-clang.sh" >/dev/null; then
    stage fuzz "$root/scripts/fuzz.sh" || failed+=("fuzz smoke run (build-fuzz/)")
  else
    echo "test.sh: fuzz smoke run skipped (no clang >= 16 with libFuzzer)"
  fi
  stage sanitize "$root/scripts/sanitize.sh" || failed+=("ASan + UBSan tests (build-asan/)")
  stage web "$root/scripts/web-test.sh" || failed+=("web page in headless Chromium (build-web/)")
fi
if [ ${#failed[@]} -gt 0 ]; then
  printf 'test.sh: FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "test.sh: all passed"
