#!/usr/bin/env python3
"""Prints docs/prediction.md's variant tables from assets/measurements/variants/*.json:
per variant and GPU the predicted and measured times and the error, then the ranking.

    scripts/variant-tables.py [build/app/warpscope]

With a warpscope binary it also predicts every variant again with today's model on
the committed calibration (`variant ... --gpu h100|h200`, no run) and prints the
errors against the recorded measurements: the table keeps the predictions made
live when the variants were timed."""
import json
import subprocess
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

if len(sys.argv) > 1:
    print()
    for k, r in gpus:
        errors = []
        for v in r["variants"]:
            p, expression = v["params"], v["expression"]
            cmd = [sys.argv[1], "variant", "--" + v["kind"], "--gpu", k, "--json"]
            if expression.endswith("]"):  # "<pattern> [preset]"
                expression, preset = expression[:-1].rsplit(" [", 1)
                cmd += ["--swizzle-preset", preset]
            cmd[3:3] = [expression]
            cmd += ["--rows", str(p["rows"]), "--cols", str(p["cols"])] if v["kind"] == "layout" else \
                ["--bytes", str(p["bytes"])]
            now = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
            errors.append(now["predicted_ms"] / v["measured"]["median_ms"] - 1)
        print(f"- {k.upper()}, today's model on the committed calibration: errors "
              f"{100 * min(errors):+.0f}% to {100 * max(errors):+.0f}%.")
