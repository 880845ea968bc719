#!/usr/bin/env python3
"""Prints docs/prediction.md's variant tables from assets/measurements/variants/*.json:
per variant and GPU the predicted and measured times and the error, then the ranking."""
import json
import sys

gpus = [(k, json.load(open(f"assets/measurements/variants/{k}.json"))) for k in ("h100", "h200")]
print("| typed | size / width | wavefronts per shared load | " +
      " | ".join(f"{k.upper()} predicted / measured ms (range), error" for k, _ in gpus) + " |")
print("|---|---|---|" + "---|" * len(gpus))
for i, v in enumerate(gpus[0][1]["variants"]):
    p = v["params"]
    size = f"{p['rows']}×{p['cols']}" if v["kind"] == "layout" else f"{p['bytes']} B"
    cells = []
    for _, r in gpus:
        w = r["variants"][i]
        assert w["expression"] == v["expression"] and w["params"] == v["params"]
        m = w["measured"]
        cells.append(f"{w['predicted_ms']:.4f} / {m['median_ms']:.4f} ({m['min_ms']:.4f}–{m['max_ms']:.4f}), "
                     f"{100 * (w['predicted_ms'] / m['median_ms'] - 1):+.0f}%")
    print(f"| `{v['expression']}` | {size} | {v['wavefronts_per_shared_load']:.2f} | " + " | ".join(cells) + " |")
print()
for k, r in gpus:
    for g in r["ranking"]:
        what = f"layouts at {g['rows']}×{g['cols']}" if g["kind"] == "layout" else "access patterns"
        print(f"- {k.upper()}, {what}: {g['pairs_measured_in_predicted_order']} of {g['ordered_pairs']} ordered pairs "
              "measured in the predicted order.")
