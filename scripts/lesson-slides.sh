#!/usr/bin/env bash
# Renders every slide of a deck as the class sees it in presenter mode at
# 1280 x 720 — its title slide, each shown step (a question step again after its
# reveal) and each press of its recap — into docs/slides/ (or the folder given),
# with an index page. It runs `warpscope export --deck` (no display needed) and
# keeps the PNGs, reduced to 64 colours with pngquant when it is installed
# (about 60 KB a slide instead of 250 KB; the figures' colours are a palette of a few).
#   scripts/lesson-slides.sh [WARPSCOPE] [DECK] [OUT]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exe="${1:-$root/build/app/warpscope}"
deck="${2:-default}"
out="${3:-$root/docs/slides}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
env -u DISPLAY "$exe" export --deck "$deck" --out "$tmp" >/dev/null
mkdir -p "$out"
rm -f "$out"/*.png
index="$out/README.md"
{
  echo "# Slides of the deck \`$deck\`"
  echo
  echo "Rendered by \`scripts/lesson-slides.sh\` (\`warpscope export --deck $deck\`): what the projector"
  echo "shows at 1280 × 720, from the title slide through each step (a question before and after its"
  echo "reveal) to each press of the recap. \`warpscope lessons --deck $deck --plan\` lists the same slides"
  echo "with their minutes."
  echo
} > "$index"
for png in $(cd "$tmp" && ls *.png | sort); do
  cp "$tmp/$png" "$out/$png"
  if command -v pngquant >/dev/null; then pngquant 64 --force --output "$out/$png" "$out/$png"; fi
  echo "![${png%.png}]($png)" >> "$index"
done
echo "lesson-slides.sh: $(ls "$out"/*.png | wc -l) slides in $out"
