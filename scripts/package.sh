#!/usr/bin/env bash
# Builds warpscope's Debian package in its own folder, build-pkg/ (Release, no
# tests; build/ is left alone), installing missing distro packages first, and
# prints the .deb's path on the last line. `sudo apt install ./warpscope_*.deb`
# installs it; packaging/package.cmake says what it holds.
#
# Where apt's package lists are present, it also asks apt what installing the
# .deb would take on a system with nothing installed (an empty dpkg status):
# every dependency must resolve from the archive (Debian 12: 61 packages,
# Mesa's drivers and the DejaVu fonts among them).
#
# CUDA is compiled in where nvcc exists, for every architecture (a package runs
# on other machines); WS_CUDA=OFF in the environment leaves it out.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${WS_PACKAGE_DIR:-$root/build-pkg}"
"$root/scripts/install-deps.sh"
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache); fi
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWS_BUILD_TESTS=OFF \
  -DWS_CUDA="${WS_CUDA:-ON}" -DWS_CUDA_ALL_ARCHS=ON "${launcher[@]}" >/dev/null
cmake --build "$dir" -j"$(nproc)"
rm -f "$dir"/warpscope_*.deb
(cd "$dir" && cpack -G DEB >/dev/null)
deb=$(ls "$dir"/warpscope_*.deb)

if compgen -G "/var/lib/apt/lists/*_Packages*" >/dev/null; then
  empty=$(mktemp)
  trap 'rm -f "$empty"' EXIT
  if ! apt-get install --simulate -q -o Dir::State::status="$empty" -o APT::Install-Recommends=false "$deb" \
       >"$dir/apt-simulate.log" 2>&1; then
    cat "$dir/apt-simulate.log" >&2
    echo "package.sh: apt cannot install $deb on an empty system" >&2
    exit 1
  fi
  echo "package.sh: on an empty system apt would install $(grep -c '^Inst ' "$dir/apt-simulate.log") packages (log: $dir/apt-simulate.log)" >&2
else
  echo "package.sh: no apt package lists here (apt-get update): dependency resolution not simulated" >&2
fi
dpkg-deb --field "$deb" Depends >&2
echo "$deb"
