#!/usr/bin/env bash
# Tests warpscope's web page in a real browser: builds it when needed
# (scripts/web.sh), serves build-web/site on a free local port, and runs
# scripts/web_test.py in headless Chromium (Debian's chromium-headless-shell,
# WebGL2 on SwiftShader). Exit 0 when every check passes, 1 otherwise.
#   scripts/web-test.sh [--screenshots DIR]   also writes the page's screenshots (1280 x 720) to DIR
# Prints the page's transferred size, time to first frame, frame time and the
# browser's simulation times; they are measured, not asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
shots=()
case "${1:-}" in
  --screenshots) [ -n "${2:-}" ] || { echo "web-test: --screenshots DIR" >&2; exit 2; }; mkdir -p "$2"; shots=("$(cd "$2" && pwd)") ;;
  "") ;;
  *) echo "web-test: unknown argument '$1' (--screenshots DIR)" >&2; exit 2 ;;
esac

if ! dpkg-query -W -f='${Status}' chromium-headless-shell 2>/dev/null | grep -q "install ok installed"; then
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  echo "web-test: installing chromium-headless-shell"
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends chromium-headless-shell
fi
scripts/web.sh

site=build-web/site
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" 2>/dev/null && break
  sleep 0.1
done
python3 scripts/web_test.py "http://127.0.0.1:$port/index.html" "$site" "${shots[@]}"
