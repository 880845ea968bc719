# Sourced (`source "$here/scripts/strip-output.sh"`) at the top of the scripts
# that run on the GPU machine: what they print is kept under
# assets/measurements/runs/, so it is printed through scripts/strip_paths.py
# (the checkout's paths repository-relative, temporary folders as $TMP, a home
# as ~; issue 37). The script runs again inside the filter, stderr merged into
# stdout so that the two stay in order; its exit status is kept.
if [ -z "${WS_OUTPUT_STRIPPED:-}" ]; then
  export WS_OUTPUT_STRIPPED=1
  bash "$0" "$@" 2>&1 | python3 -u "$(dirname "${BASH_SOURCE[0]}")/strip_paths.py"
  exit "${PIPESTATUS[0]}"
fi
