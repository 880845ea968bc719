#!/usr/bin/env bash
# Builds warpscope (installing what is missing) and starts it; arguments go to
# warpscope, so `scripts/run.sh analyze --help` works too.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh"
exec "$root/build/app/warpscope" "$@"
