#!/usr/bin/env bash
# Prints the table of docs/lessons.md "Every glyph at least 16 px": for every
# state of every step of the deck's lessons (the course: all of them), the smallest text on it and the smallest lane
# number (glyph_px: font sizes in pixels of a 1280 x 720 slide), read from
# `warpscope lessons --figure`. tests/slides/slides_test.cpp checks the table
# in docs/lessons.md against the slides themselves.
#   scripts/slide-glyphs.sh [WARPSCOPE] [DECK]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exe="${1:-$root/build/app/warpscope}"
deck="${2:-course}"
echo "| Slide | State | Smallest text | Smallest lane number |"
echo "|---|---|---|---|"
lessons=$(python3 -c "import json,sys; print(' '.join(e if isinstance(e, str) else e['lesson'] for e in json.load(open(sys.argv[1]))['lessons']))" \
  "$root/assets/lessons/decks/$deck.json")
for id in $lessons; do
  file=$(ls "$root"/assets/lessons/*-"$id".json)
  kinds=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(' '.join(('q' if 'question' in s else 's') for s in d['steps']))" "$file")
  n=0
  for kind in $kinds; do
    n=$((n + 1))
    states=(question)
    [ "$kind" = q ] && states=(question reveal)
    for state in "${states[@]}"; do
      flag=()
      [ "$state" = reveal ] && flag=(--reveal)
      out=$("$exe" lessons --figure "$id" --step "$n" "${flag[@]}")
      text=$(sed -n 's/^smallest glyph: \(.*\) px$/\1/p' <<<"$out")
      lane=$(sed -n 's/^smallest lane number: \(.*\) px$/\1/p' <<<"$out")
      label=$([ "$kind" = q ] && echo "$state" || echo "step")
      [ -n "$lane" ] && lane="$lane px" || lane="-"
      echo "| $id $n | $label | $text px | $lane |"
    done
  done
done
