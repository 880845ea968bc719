#!/usr/bin/env bash
# `apt install ./warpscope_*.deb` on a fresh Debian 12, for real: debootstrap a
# minimal bookworm into a scratch folder, install the package there with apt
# (which fetches its dependencies from deb.debian.org), then run `warpscope
# --version`, `lessons` and a lesson screenshot inside it (off-screen, Mesa's
# software renderer, the DejaVu fonts apt brought). Needs root and the network;
# about a minute and 120 MB of downloads (2026-11-27: debootstrap 41 s, apt 12 s,
# 51 packages). Not part of test.sh; scripts/package.sh's simulation is the cheap check.
#   usage: scripts/package-chroot-test.sh [DEB]   (default: build-pkg/warpscope_*.deb)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
deb=${1:-$(ls "$root"/build-pkg/warpscope_*.deb | head -n 1)}
[ "$(id -u)" -eq 0 ] || { echo "package-chroot-test: needs root (debootstrap, chroot)" >&2; exit 1; }
command -v debootstrap >/dev/null || apt-get install -y -q --no-install-recommends debootstrap
dir=$(mktemp -d "${TMPDIR:-/tmp}/ws-bookworm.XXXXXX")
chmod 755 "$dir"  # apt downloads as _apt, which must reach the chroot's cache
cleanup() { umount "$dir/proc" 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT
debootstrap --variant=minbase bookworm "$dir" http://deb.debian.org/debian >"$dir.log" 2>&1 ||
  { cat "$dir.log" >&2; exit 1; }
rm -f "$dir.log"
mount -t proc proc "$dir/proc"
cp "$deb" "$dir/tmp/"
chroot "$dir" sh -ec "
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q /tmp/$(basename "$deb") | grep -E 'newly installed'
  cd /tmp
  warpscope --version
  warpscope lessons | grep -q 'padding  *Padding, rotation and XOR'
  warpscope screenshot --open 'lesson=padding&step=3&present=1' --size 1280x720 --out /tmp/step.png
  test -f /usr/share/applications/warpscope.desktop
"
echo "package-chroot-test: $(basename "$deb") installs and runs on a fresh Debian 12"
