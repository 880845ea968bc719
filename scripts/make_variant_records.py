#!/usr/bin/env python3
"""Turns scripts/variant-runs.sh's variants.jsonl into a committed record,
assets/measurements/variants/<gpu>.json: per variant the typed expression, the
simulated wavefronts, the predicted and measured times (median, spread), the
reference check, the PTX widths against the tracer's, and the catalog kernels
timed beside it. Also ranks each group (same kernel and size) by prediction and
by measurement: a pair whose predictions differ by more than `--tie` is ordered
by the simulator, and the record says whether the GPU agreed.

usage: make_variant_records.py variants.jsonl OUT.json --gpu-key h100 --date 2026-11-24 --command "..."
"""
import argparse
import itertools
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from strip_paths import strip_json  # noqa: E402  (no recording machine's folder in assets/)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jsonl")
    ap.add_argument("out")
    ap.add_argument("--date", required=True)
    ap.add_argument("--command", required=True)
    ap.add_argument("--tie", type=float, default=0.10, help="relative difference below which predictions tie")
    a = ap.parse_args()
    rows = [json.loads(line) for line in open(a.jsonl) if line.strip()]
    if not rows:
        sys.exit("no variants in " + a.jsonl)
    variants = []
    for r in rows:
        m = r["measured"]
        shared_load = r["totals"]["shared_load"]
        variants.append({
            "kind": r["variant"]["kind"],
            "expression": r["variant"]["expression"] + (f" [{r['variant']['swizzle']}]" if r["variant"].get("swizzle") else ""),
            "summary": r["variant"]["summary"],
            "params": r["params"],
            "wavefronts_per_shared_load": shared_load["wavefronts"] / max(1, shared_load["instructions"]),
            "predicted_ms": r["predicted_ms"],
            "bound": r["bound"],
            "measured": {k: m[k] for k in ("median_ms", "min_ms", "max_ms", "launches")},
            "passed": m["passed"],
            "ptx_kinds": m["ptx_kinds"],
            "widths_match": m["widths_match"],
            "beside": [{"label": b["label"], "predicted_ms": b["predicted_ms"], "measured": b.get("measured")}
                       for b in r["beside"]],
        })
    # Ranking within a group: same kind and sizes.
    groups = {}
    for v in variants:
        key = (v["kind"], v["params"]["rows"], v["params"]["cols"])
        groups.setdefault(key, []).append(v)
    ranking = []
    for (kind, rows_, cols), vs in groups.items():
        agree, pairs = 0, 0
        for x, y in itertools.combinations(vs, 2):
            px, py = x["predicted_ms"], y["predicted_ms"]
            if abs(px - py) <= a.tie * min(px, py):
                continue  # the simulator calls them equal: no order to check
            pairs += 1
            faster_predicted = x if px < py else y
            faster_measured = x if x["measured"]["median_ms"] < y["measured"]["median_ms"] else y
            agree += faster_predicted is faster_measured
        ranking.append({"kind": kind, "rows": rows_, "cols": cols,
                        "by_prediction": [v["expression"] for v in sorted(vs, key=lambda v: v["predicted_ms"])],
                        "by_measurement": [v["expression"] for v in sorted(vs, key=lambda v: v["measured"]["median_ms"])],
                        "ordered_pairs": pairs, "pairs_measured_in_predicted_order": agree})
    gpu = rows[0]["measured"]
    record = {"gpu": gpu["gpu"], "driver": gpu["driver"], "date": a.date, "command": a.command,
              "tie": a.tie, "variants": variants, "ranking": ranking}
    with open(a.out, "w") as f:
        json.dump(strip_json(record), f, indent=1)
        f.write("\n")
    for g in ranking:
        print(f"{g['kind']} {g['rows']}x{g['cols']}: {g['pairs_measured_in_predicted_order']}/{g['ordered_pairs']} "
              f"ordered pairs in predicted order")
    print("all passed" if all(v["passed"] and v["widths_match"] for v in variants) else "SOME FAILED")


if __name__ == "__main__":
    main()
