#!/bin/sh
# `cmake --install BUILD --prefix P` gives a warpscope that runs from P: from
# another working directory, with a scrubbed environment (no WARPSCOPE_* set),
# after P itself has been moved (so no path was compiled in), it finds its
# measurements, lessons and the kernel sources in P/share/warpscope.
#   usage: install_runs_from_prefix.sh CMAKE BUILD_DIR DATA_PROBE_EXE
set -eu
cmake=$1 build=$2 probe=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }

data=$tmp/prefix/share/warpscope
test -x "$tmp/prefix/bin/warpscope" || fail "no bin/warpscope"
ls "$data"/assets/measurements/*.json >/dev/null 2>&1 || fail "no assets/measurements/*.json"
ls "$data"/assets/measurements/*-sass-widths.txt >/dev/null 2>&1 || fail "no assets/measurements/*-sass-widths.txt"
ls "$data"/kernels/include/ws/kernels/*.hpp >/dev/null 2>&1 || fail "no kernels/include/ws/kernels/*.hpp"
ls "$data"/assets/lessons/*.json >/dev/null 2>&1 || fail "no assets/lessons/*.json"
test -f "$data/README.md" || fail "no README.md"
test -d "$data/docs" || fail "no docs/"

mv "$tmp/prefix" "$tmp/moved"
mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
scrubbed() { env -i PATH=/usr/bin:/bin HOME="$tmp/elsewhere" "$@"; }

scrubbed "$tmp/moved/bin/warpscope" report --kernel copy --rows 64 --cols 64 --json >report.json \
  || fail "installed warpscope report exited with $?"
grep -q '"kernel": *"copy"' report.json || { cat report.json; fail "report --json names no kernel copy"; }

# The lessons are found in the prefix and every step resolves there (recordings included).
scrubbed "$tmp/moved/bin/warpscope" lessons --check >lessons.txt || { cat lessons.txt; fail "installed warpscope lessons --check exited with $?"; }
grep -q "every step and question" lessons.txt || { cat lessons.txt; fail "lessons --check printed no summary"; }

# warpscope's own look-up code (ws/kernels/assets.hpp), run from the prefix's bin/.
cp "$probe" "$tmp/moved/bin/"
scrubbed "$tmp/moved/bin/$(basename "$probe")" "$tmp/moved/share/warpscope"
