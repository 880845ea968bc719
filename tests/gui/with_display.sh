#!/bin/sh
# Runs a command with a display: the current one, else a private Xvfb through
# xvfb-run (CI machines have none). 24-bit colour so screenshots keep the palette.
if [ -n "$DISPLAY" ]; then exec "$@"; fi
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "with_display: no DISPLAY and no xvfb-run (package xvfb)" >&2
  exit 1
fi
# WS_DISPLAY_NUMBER (set per ctest entry; before -a, which reads it): where -a starts looking for
# a free server number, so that entries starting together do not race for the
# same first free one.
exec xvfb-run -n "${WS_DISPLAY_NUMBER:-99}" -a -s "-screen 0 1920x1080x24" "$@"
