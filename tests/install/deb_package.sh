#!/bin/sh
# The Debian package (packaging/package.cmake) of this build: `cpack -G DEB`
# reuses the built tree (no second build), then the .deb is checked as apt
# would take it on a fresh Debian 12: every library the binary needs is
# declared (each NEEDED soname's package on this machine is in Depends), the
# fonts the window loads are, CUDA is not; the desktop entry, icon and man page
# are in it; and unpacked into a scratch root it runs from an unrelated folder
# with a scrubbed environment, finding its lessons in <root>/usr/share/warpscope,
# and draws a lesson step off-screen (no display).
#   usage: deb_package.sh CPACK BUILD_DIR EXPECT_MAN(ON|OFF) VERSION WINDOW(ON|OFF)
set -eu
cpack=$1 build=$2 expect_man=$3 version=$4 window=$5
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ws-deb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }

(cd "$build" && "$cpack" -G DEB -B "$tmp/pkg") >"$tmp/cpack.log" 2>&1 || { cat "$tmp/cpack.log"; fail "cpack -G DEB"; }
deb=$(ls "$tmp"/pkg/warpscope_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { cat "$tmp/cpack.log"; fail "cpack wrote no warpscope_*.deb"; }
echo "package: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB"

[ "$(dpkg-deb --field "$deb" Version)" = "$version" ] || fail "Version is not $version"
depends=$(dpkg-deb --field "$deb" Depends)
echo "Depends: $depends"
declared() { echo "$depends" | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep -qx "$1"; }
declared fonts-dejavu-core || fail "fonts-dejavu-core (the window's font) is not in Depends"
case "$depends" in *cuda*|*nvidia*) fail "Depends names CUDA: $depends" ;; esac

dpkg-deb -c "$deb" >"$tmp/contents"
expected="./usr/bin/warpscope ./usr/share/warpscope/README.md"
if [ "$window" = ON ]; then
  expected="$expected ./usr/share/applications/warpscope.desktop ./usr/share/icons/hicolor/256x256/apps/warpscope.png"
fi
for path in $expected; do
  grep -q " $path\$" "$tmp/contents" || fail "$path is not in the package"
done
grep -q " ./usr/share/warpscope/assets/lessons/.*\.json\$" "$tmp/contents" || fail "no lessons in the package"
for path in ./usr/share/doc/warpscope/copyright ./usr/share/doc/warpscope/changelog.gz; do
  grep -q " $path\$" "$tmp/contents" || fail "$path (Debian policy) is not in the package"
done
dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/doc/warpscope/changelog.gz | gzip -dc | head -n 1 |
  grep -q "^warpscope ($version) " || fail "the changelog's newest entry is not version $version (packaging/changelog)"
grep -q " ./usr/share/warpscope/kernels/include/ws/kernels/.*\.hpp\$" "$tmp/contents" || fail "no kernel sources"
if [ "$expect_man" = ON ]; then
  grep -q " ./usr/share/man/man1/warpscope.1.gz\$" "$tmp/contents" || fail "no man page (help2man was found)"
  dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/man/man1/warpscope.1.gz | gzip -dc >"$tmp/man"
  grep -q '^\.SS analyze' "$tmp/man" || fail "the man page has no section for the analyze command"
fi

dpkg-deb -x "$deb" "$tmp/root"
exe=$tmp/root/usr/bin/warpscope
# Each library the binary loads comes from a package named in Depends.
# The path the loader resolves each soname to, asked of dpkg (once, for all of
# them) as /usr/lib/... and /lib/...: with merged /usr a package may have
# registered either.
ldd "$exe" >"$tmp/ldd"
needed=$(readelf -d "$exe" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
# "libfoo.so.1 => /path (...)", or for the dynamic loader itself (a CUDA build
# names it) "/lib64/ld-linux-x86-64.so.2 (...)".
resolved() {
  awk -v s="$1" '$1 == s && $2 == "=>" { print $3; exit }
                 substr($1, length($1) - length(s)) == "/" s { print $1; exit }' "$tmp/ldd"
}
paths=""
for soname in $needed; do
  path=$(resolved "$soname")
  [ -n "$path" ] || fail "the loader finds no $soname"
  paths="$paths $path ${path#/usr} /usr$path"
done
dpkg -S $paths >"$tmp/owners" 2>/dev/null || true
for soname in $needed; do
  path=$(resolved "$soname")
  owner=$(awk -F': ' -v p="${path#/usr}" '$2 == p || $2 == "/usr" p { sub(/:.*/, "", $1); print $1; exit }' "$tmp/owners")
  [ -n "$owner" ] || fail "no installed package holds $path ($soname)"
  declared "$owner" || fail "$soname comes from $owner, which Depends does not name"
done

mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
scrubbed() { env -i PATH=/usr/bin:/bin HOME="$tmp/elsewhere" "$@"; }
scrubbed "$exe" lessons >lessons.txt 2>&1 || { cat lessons.txt; fail "the packaged warpscope lessons exited with $?"; }
grep -q "padding  *Padding, rotation and XOR" lessons.txt || { cat lessons.txt; fail "lessons lists no padding lesson"; }
scrubbed "$exe" --version >version.txt 2>&1 || fail "--version exited with $?"
head -n 1 version.txt | grep -qx "warpscope $version" || { cat version.txt; fail "--version does not start with warpscope $version"; }
# The window from the package (a build with one): a lesson step drawn off-screen, its fonts from the system.
if [ "$window" = ON ]; then
  scrubbed "$exe" screenshot --open "lesson=padding&step=3" --size 640x360 --out step.png >shot.txt 2>&1 ||
    { cat shot.txt; fail "the packaged warpscope screenshot exited with $?"; }
  grep -q "^slide: Lesson 6: Padding" shot.txt || { cat shot.txt; fail "the screenshot shows no lesson 6"; }
fi
if [ "$window" = ON ] && command -v desktop-file-validate >/dev/null 2>&1; then
  desktop-file-validate "$tmp/root/usr/share/applications/warpscope.desktop" || fail "desktop-file-validate"
fi
echo "deb_package: passed"
