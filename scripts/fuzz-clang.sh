#!/usr/bin/env bash
# Prints the clang++ that can build the fuzzers, or fails: clang 16 or later
# (std::source_location over libstdc++; Debian 12's default clang 14 lacks it)
# with its libFuzzer runtime. $WS_FUZZ_CXX picks one by hand.
set -uo pipefail
candidates=("${WS_FUZZ_CXX:-}" clang++ clang++-{25..16})
for cxx in "${candidates[@]}"; do
  [ -n "$cxx" ] && command -v "$cxx" >/dev/null 2>&1 || continue
  major=$("$cxx" -dumpversion 2>/dev/null | cut -d. -f1)
  [ -n "$major" ] && [ "$major" -ge 16 ] 2>/dev/null || continue
  compgen -G "$("$cxx" -print-resource-dir)/lib/*/libclang_rt.fuzzer*.a" >/dev/null || continue
  command -v "$cxx"
  exit 0
done
echo "fuzz-clang: no clang++ >= 16 with libFuzzer (scripts/install-deps.sh installs clang-16 and libclang-rt-16-dev)" >&2
exit 1
