#!/usr/bin/env bash
# Renders every slide of a deck as the class sees it in presenter mode at
# 1280 x 720: each step, and each question step again after its reveal, into
# docs/slides/ (or the folder given), with an index page. No display needed.
# PNGs are reduced to 64 colours with pngquant when it is installed (about
# 60 KB a slide instead of 250 KB); the figures' colours are a palette of a few.
#   scripts/lesson-slides.sh [WARPSCOPE] [DECK] [OUT]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exe="${1:-$root/build/app/warpscope}"
deck="${2:-default}"
out="${3:-$root/docs/slides}"
mkdir -p "$out"
index="$out/README.md"
{
  echo "# Slides of the deck \`$deck\`"
  echo
  echo "Rendered by \`scripts/lesson-slides.sh\` with \`warpscope screenshot --lesson ID --step N --present [--reveal]"
  echo "--size 1280x720\`: what the projector shows, before and after each question's reveal."
  echo
} > "$index"
lessons=$(python3 -c "import json,sys; print(' '.join(json.load(open(sys.argv[1]))['lessons']))" \
  "$root/assets/lessons/decks/$deck.json")
for id in $lessons; do
  file=$(ls "$root"/assets/lessons/*-"$id".json)
  steps=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(' '.join(('q' if 'question' in s else 's') for s in d['steps']))" "$file")
  title=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['title'])" "$file")
  echo "## $title" >> "$index"
  n=0
  for kind in $steps; do
    n=$((n + 1))
    states=("")
    [ "$kind" = q ] && states=("" "--reveal")
    for state in "${states[@]}"; do
      name="$id-$(printf %02d "$n")${state:+-reveal}.png"
      env -u DISPLAY "$exe" screenshot --lesson "$id" --step "$n" --present $state --size 1280x720 \
        --out "$out/$name" >/dev/null
      if command -v pngquant >/dev/null; then pngquant 64 --force --output "$out/$name" "$out/$name"; fi
      echo "![$id step $n${state:+, revealed}]($name)" >> "$index"
    done
  done
  echo >> "$index"
done
echo "lesson-slides.sh: $(ls "$out"/*.png | wc -l) slides in $out"
