#!/bin/sh
# `cmake -S . -B build` with no -G (Unix Makefiles) must configure, with nvcc
# where there is one: configure only, so it stays quick; the full build is the
# one CI runs with Ninja (scripts/build.sh).
#   usage: default_generator_configures.sh CMAKE SOURCE_DIR WORK_DIR
set -eu
cmake=$1 src=$2 dir=$3
rm -rf "$dir"
mkdir -p "$dir"
# CMAKE_GENERATOR in the environment would pick another default.
if ! env -u CMAKE_GENERATOR "$cmake" -S "$src" -B "$dir" -DWS_BUILD_TESTS=OFF -DWS_BUILD_GUI=OFF \
    >"$dir.log" 2>&1; then
  cat "$dir.log"
  echo "FAILED: plain cmake does not configure" >&2
  exit 1
fi
grep -q '^CMAKE_GENERATOR:INTERNAL=Unix Makefiles$' "$dir/CMakeCache.txt" || {
  grep '^CMAKE_GENERATOR:' "$dir/CMakeCache.txt" >&2
  echo "FAILED: not the Unix Makefiles generator" >&2
  exit 1
}
test -f "$dir/Makefile"
grep 'warpscope:' "$dir.log"
rm -rf "$dir" "$dir.log"
