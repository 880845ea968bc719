#!/usr/bin/env bash
# Builds warpscope's web page into build-web/site (index.html, warpscope.js,
# .wasm, .data): the same window, lessons, tracer and simulator as the desktop
# program, compiled with Debian's Emscripten, for any static file server.
#   scripts/web.sh            build (installs what is missing with apt-get)
#   scripts/web.sh --serve    build, then serve it on http://localhost:8080 (PORT=...)
# Dear ImGui is Debian's imgui 1.86 source package, fetched through a private
# apt folder (build-web/apt) that leaves the system's package lists alone.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build-web
serve=0
for a in "$@"; do
  case "$a" in
    --serve) serve=1 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "web.sh: unknown argument '$a' (--serve, --help)" >&2; exit 2 ;;
  esac
done

# Debian's packages: the compiler, binaryen's optimiser, the header-only
# libraries warpscope uses natively, the fonts, and dpkg-source for the imgui source.
packages=(emscripten binaryen cmake ninja-build python3 dpkg-dev ca-certificates
          libfmt-dev nlohmann-json3-dev libstb-dev fonts-dejavu-core)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "web.sh: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo_cmd=(sudo)
  fi
  echo "web.sh: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# Dear ImGui 1.86, as libimgui-dev ships it, from Debian's source package.
imgui=$out/src/imgui
if [ ! -f "$imgui/imgui.cpp" ]; then
  mkdir -p "$out/apt/lists/partial" "$out/apt/cache/archives/partial" "$out/src"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main" \
    > "$out/apt/sources.list"
  apt_private=(-o "Dir::Etc::SourceList=$out/apt/sources.list" -o Dir::Etc::SourceParts=-
               -o "Dir::State::Lists=$out/apt/lists" -o "Dir::Cache=$out/apt/cache"
               -o APT::Sandbox::User=root -q)
  apt-get "${apt_private[@]}" update
  rm -rf "$out/src/imgui" "$out/src"/imgui_*
  (cd "$out/src" && apt-get "${apt_private[@]}" source --download-only imgui &&
     dpkg-source -x imgui_*.dsc imgui >/dev/null)
  grep -q "IMGUI_VERSION  *\"1.86" "$imgui/imgui.h" || { echo "web.sh: expected Dear ImGui 1.86 in $imgui" >&2; exit 1; }
fi

# Debian's Emscripten: its optimiser's JS needs Debian's acorn when the node on
# the PATH is another one; its prebuilt library cache is read-only (EM_CACHE unset).
export NODE_PATH=/usr/share/nodejs
unset EM_CACHE
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f "$out/cmake/CMakeCache.txt" ]; then
  # A unity build, as scripts/build.sh makes (WS_UNITY=OFF: file by file): CI
  # compiles the page from scratch, and em++ is slower per file than g++.
  emcmake cmake -S "$root" -B "$out/cmake" "${generator[@]}" -DWS_WEB=ON -DCMAKE_BUILD_TYPE=Release \
    -DWS_IMGUI_SOURCE_DIR="$imgui" -DCMAKE_UNITY_BUILD="${WS_UNITY:-ON}" "${launcher[@]}"
fi
cmake --build "$out/cmake" -j"${WS_JOBS:-2}"

# The site: the page as index.html beside its script, module and data.
site=$out/site
mkdir -p "$site"
cp "$out/cmake/web/index.html" "$site/index.html"
cp "$out/cmake/web/warpscope.js" "$out/cmake/web/warpscope.wasm" "$out/cmake/web/warpscope.data" "$site/"
echo "web.sh: the page is in $site ($(du -sh "$site" | cut -f1))"

if [ $serve -eq 1 ]; then
  port=${PORT:-8080}
  echo "web.sh: serving http://localhost:$port/ (Ctrl+C stops)"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
fi
