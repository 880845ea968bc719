#!/usr/bin/env bash
# The window on the GPU machine, which has no display and no X or Mesa packages:
# a screenshot of warpscope showing timings measured live on that GPU
# (docs/screenshot-gpu-live.png). Two halves:
#
#   scripts/device-gui.sh prepare   here: builds build-gpu/ (CUDA sm_90, window on),
#                                   downloads the X/Mesa/GLFW .debs, unpacks them and
#                                   packs the files the window needs into
#                                   .gl/gui-runtime.tar.xz (the .debs whole would
#                                   not fit the 64 MiB that travels).
#   scripts/device-gui.sh check     here: every library in the bundle resolves inside
#                                   it or to glibc / libstdc++ (what any machine has),
#                                   then a screenshot through the bundle's own Xvfb.
#   scripts/device-gui.sh run       there: unpacks the bundle into a private prefix
#                                   (/tmp/wsgui, never into /), starts its Xvfb, takes
#                                   docs-bound $OUT/screenshot-gpu-live.png with --live-bench.
#   scripts/device-gui.sh variant   there: the same prefix and Xvfb; a student's layout
#                                   (c + 2*r) % T run on the GPU from the "Your variant"
#                                   tab, at 1280x720: $OUT/variant-gpu-run.png.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bundle=.gl/gui-runtime.tar.xz
exe=build-gpu/app/warpscope

# What the window needs beyond glibc and libstdc++: Xvfb and its keyboard
# compiler, Mesa's llvmpipe behind glvnd, GLFW and the X libraries it opens, stb,
# fmt, the DejaVu font. Their dependencies are added by apt-cache below.
roots=(xvfb xserver-common xkb-data x11-xkb-utils libgl1-mesa-dri libglx-mesa0 libglapi-mesa libgl1 libglx0
       libglvnd0 libglfw3 libstb0 libfmt9 libxrandr2 libxinerama1 libxcursor1 libxi6 libxxf86vm1 libx11-xcb1
       fonts-dejavu-core)
# Never carried: the C and C++ runtimes (the GPU machine's are newer) and packaging tools.
not_carried='^(libc6|libgcc-s1|libstdc\+\+6|gcc-12-base|debconf|debconf-2.0|cdebconf|perl-base|dpkg|tar|coreutils|base-files|sensible-utils|init-system-helpers|login|passwd|adduser|mount|util-linux|bash|sed|grep|debianutils|ucf|lsb-base|sysvinit-utils|libpam-modules|libpam-modules-bin|libpam-runtime|libpam0g|libdebconfclient0|libsemanage2|libsemanage-common|libsepol2|libelogind0|x11-common|libkmod2)$'
system_libs='^(linux-vdso|libc|libm|libdl|libpthread|librt|libresolv|libutil|ld-linux-x86-64|libstdc\+\+|libgcc_s)\.so'

prepare() {
  cmake -S . -B build-gpu -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DWS_BUILD_TESTS=OFF >/dev/null
  cmake --build build-gpu --target warpscope -j"${JOBS:-2}"
  local debs=build-gpu/debs stage=build-gpu/gui-stage unpacked=build-gpu/gui-unpacked
  mkdir -p "$debs" .gl
  local pkgs
  pkgs=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
           --no-enhances --no-pre-depends "${roots[@]}" | grep -v '^[ <]' | sort -u | grep -Ev "$not_carried")
  (cd "$debs" && for p in $pkgs; do ls "${p}"_*.deb >/dev/null 2>&1 || apt-get download "$p"; done)
  rm -rf "$stage" "$unpacked"
  mkdir -p "$stage"/{lib/dri,bin,share/X11,share/fonts} "$unpacked"
  for f in "$debs"/*.deb; do dpkg -x "$f" "$unpacked"; done
  cp -a "$unpacked"/usr/lib/x86_64-linux-gnu/*.so* "$unpacked"/lib/x86_64-linux-gnu/*.so* "$stage/lib/"
  cp -a "$unpacked"/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so "$stage/lib/dri/"  # llvmpipe only
  cp -a "$unpacked"/usr/bin/Xvfb "$unpacked"/usr/bin/xkbcomp "$stage/bin/"
  cp -a "$unpacked"/usr/share/X11/xkb "$stage/share/X11/"
  cp -a "$unpacked"/usr/share/fonts/truetype/dejavu "$stage/share/fonts/"
  tar -cJf "$bundle" -C "$stage" .
  ls -la "$bundle" "$exe"
}

# Every ELF file of the bundle (and warpscope) must find its libraries in the
# bundle or among the system libraries every Linux has.
check_closure() {
  local stage=$1 bad=0
  while IFS= read -r f; do
    while read -r name arrow path _; do
      [ "$arrow" = "=>" ] || continue
      [[ "$name" =~ $system_libs ]] && continue
      case "$path" in "$stage"/*) ;; *) echo "outside the bundle: $f needs $name ($path)"; bad=1 ;; esac
    done < <(LD_LIBRARY_PATH="$stage/lib" ldd "$f" 2>/dev/null)
  done < <(find "$stage/bin" "$stage/lib" -type f \( -name '*.so*' -o -perm -u+x \); echo "$root/$exe")
  return $bad
}

# Starts the bundle's Xvfb on display $1 with prefix $2; sets XVFB_PID.
start_xvfb() {
  local display=$1 p=$2
  # The X server runs xkbcomp from the directory it was built with (/usr/bin).
  if [ ! -e /usr/bin/xkbcomp ]; then
    ln -s "$p/bin/xkbcomp" /usr/bin/xkbcomp && LINKED_XKBCOMP=1 || echo "device-gui: cannot link /usr/bin/xkbcomp" >&2
  fi
  "$p/bin/Xvfb" ":$display" -screen 0 1920x1080x24 -nolisten tcp -xkbdir "$p/share/X11/xkb" >"$p/xvfb.log" 2>&1 &
  XVFB_PID=$!
  for _ in $(seq 50); do [ -S "/tmp/.X11-unix/X$display" ] && return 0; sleep 0.2; done
  cat "$p/xvfb.log" >&2
  return 1
}

stop_xvfb() {
  [ -n "${XVFB_PID:-}" ] && kill "$XVFB_PID" 2>/dev/null || true
  [ -n "${LINKED_XKBCOMP:-}" ] && rm -f /usr/bin/xkbcomp || true
}

use_prefix() {
  local p=$1
  export LD_LIBRARY_PATH="$p/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export LIBGL_DRIVERS_PATH="$p/lib/dri" __GLX_VENDOR_LIBRARY_NAME=mesa LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe
  export WARPSCOPE_FONT_DIR="$p/share/fonts/dejavu" WARPSCOPE_MEASUREMENTS_DIR="$root/assets/measurements"
}

shot() {  # $1: output PNG; more flags follow
  local out=$1; shift
  "$root/$exe" screenshot --kernel transpose_padded --site tile_load --results timings --out "$out" "$@"
}

case "${1:-}" in
  prepare) prepare ;;
  check)
    p=$(mktemp -d /tmp/wsgui-check.XXXX)
    tar -xJf "$bundle" -C "$p"
    check_closure "$p" && echo "bundle: every library resolves inside it"
    trap stop_xvfb EXIT
    use_prefix "$p"  # Xvfb, too, runs on the bundle's libraries
    start_xvfb 171 "$p"
    DISPLAY=:171 shot "$p/check.png"
    echo "check screenshot: $p/check.png"
    ;;
  run)
    out=${OUT:-$root/docs}
    p=/tmp/wsgui
    mkdir -p "$p"
    tar -xJf "$bundle" -C "$p"
    nvidia-smi -L || true
    trap stop_xvfb EXIT
    use_prefix "$p"  # Xvfb, too, runs on the bundle's libraries
    start_xvfb 77 "$p"
    DISPLAY=:77 shot "$out/screenshot-gpu-live.png" --live-bench 2>&1 | tee "$out/device-gui.log"
    ;;
  variant)
    out=${OUT:-$root/docs}
    p=/tmp/wsgui
    mkdir -p "$p"
    tar -xJf "$bundle" -C "$p"
    trap stop_xvfb EXIT
    use_prefix "$p"
    start_xvfb 78 "$p"
    DISPLAY=:78 "$root/$exe" screenshot --variant-layout '(c + 2*r) % T' --variant-run --size 1280x720 \
      --out "$out/variant-gpu-run.png" 2>&1 | tee "$out/device-gui-variant.log"
    ;;
  *) echo "usage: $0 prepare|check|run|variant" >&2; exit 2 ;;
esac
