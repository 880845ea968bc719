#!/bin/sh
# Runs a command with a display: the current one, else a private Xvfb through
# xvfb-run (CI machines have none). 24-bit colour so screenshots keep the palette.
if [ -n "$DISPLAY" ]; then exec "$@"; fi
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "with_display: no DISPLAY and no xvfb-run (package xvfb)" >&2
  exit 1
fi
# WS_DISPLAY_NUMBER (set per ctest entry): a server number of its own, so that
# entries starting together do not race for the first free one; -a where that
# one is taken.
screen="-screen 0 1920x1080x24"
n=${WS_DISPLAY_NUMBER:-}
if [ -n "$n" ] && [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then
  exec xvfb-run -n "$n" -s "$screen" "$@"
fi
exec xvfb-run -a -s "$screen" "$@"
